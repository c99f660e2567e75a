// The page's side of the data worker: one request at a time per kind, cancellable by
// terminating the worker (a layout of tens of thousands of nodes cannot be interrupted otherwise).
import type { Capture } from "../api/types";
import type { FromWorker, LayoutEdge, LayoutNode, ToWorker } from "./messages";

type Progress = (phase: string, done: number, total: number) => void;

interface Pending {
  resolve: (value: FromWorker) => void;
  reject: (error: Error) => void;
  progress: Progress;
}

export class CancelledError extends Error {
  constructor() {
    super("cancelled");
  }
}

export class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

class DataWorker {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextToken = 1;
  private generation = 0; // bumped by cancel(), so that a capture being read stops

  /** Start the worker before it is needed (its module takes a moment to load). */
  warm(): void {
    this.ensure();
  }

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL("./data.worker.ts", import.meta.url), { type: "module" });
      this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
    }
    return this.worker;
  }

  private receive(message: FromWorker): void {
    const pending = this.pending.get(message.token);
    if (!pending) return;
    if (message.type === "progress") {
      pending.progress(message.phase, message.done, message.total);
      return;
    }
    this.pending.delete(message.token);
    if (message.type === "error") pending.reject(new HttpError(message.status ?? 0, message.message));
    else pending.resolve(message);
  }

  private request(build: (token: number) => ToWorker, progress: Progress): Promise<FromWorker> {
    const token = this.nextToken++;
    const worker = this.ensure();
    return new Promise((resolve, reject) => {
      this.pending.set(token, { resolve, reject, progress });
      worker.postMessage(build(token));
    });
  }

  async loadCapture(url: string, progress: Progress): Promise<{ capture: Capture; slimmed: boolean }> {
    const reply = await this.request((token) => ({ type: "load", url, token }), progress);
    if (reply.type !== "capture") throw new Error("unexpected reply");
    const generation = this.generation;
    const capture = JSON.parse(reply.head) as Capture;
    let yielded = performance.now();
    for (let i = 0; i < reply.parts.length; i++) {
      const part = reply.parts[i];
      let target: unknown = capture;
      for (const key of part.path) target = (target as Record<string | number, unknown>)[key];
      for (const item of JSON.parse(part.json) as unknown[]) (target as unknown[]).push(item);
      if (performance.now() - yielded > 25) {
        progress("Reading the capture", i + 1, reply.parts.length);
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (generation !== this.generation) throw new CancelledError();
        yielded = performance.now();
      }
    }
    return { capture, slimmed: reply.slimmed };
  }

  async layout(nodes: LayoutNode[], edges: LayoutEdge[], direction: "LR" | "TB", progress: Progress) {
    const reply = await this.request((token) => ({ type: "layout", token, nodes, edges, direction }), progress);
    if (reply.type !== "layout") throw new Error("unexpected reply");
    return reply;
  }

  /** Stop whatever the worker is doing; every pending request rejects with CancelledError. */
  cancel(): void {
    this.generation++;
    this.worker?.terminate();
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(new CancelledError());
    this.pending.clear();
  }
}

export const dataWorker = new DataWorker();
