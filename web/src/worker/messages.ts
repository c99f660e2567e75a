// Messages between the page and the data worker (capture download + parse, graph layout).
/** A slice of one of the capture's long arrays, as JSON text (see data.worker.ts). */
export interface CapturePart {
  path: (string | number)[];
  json: string;
}

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
  parent: string | null;
  compound: boolean;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

export type ToWorker =
  | { type: "load"; url: string; token: number }
  | { type: "layout"; token: number; nodes: LayoutNode[]; edges: LayoutEdge[]; direction: "LR" | "TB" };

export type FromWorker =
  | { type: "progress"; token: number; phase: string; done: number; total: number }
  | { type: "capture"; token: number; head: string; parts: CapturePart[]; slimmed: boolean }
  | { type: "layout"; token: number; positions: Record<string, { x: number; y: number }>; ms: number }
  | { type: "error"; token: number; message: string; status?: number };
