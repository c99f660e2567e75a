// The overview of a graph too big to read at once: every node as a dot in the graph's corner,
// with the visible part framed; click or drag in it to move the view there.
// Drawn from the nodes' positions onto a small canvas: a few ms for 20,000 nodes, so it works for
// every size. (cytoscape-navigator, used before, rendered the whole graph into a PNG on every
// frame cytoscape drew, each pan and step included, and had to be switched off past 2,500 nodes,
// exactly where an overview is needed most.) The thumbnail is redrawn when the graph or its
// looks change, at most every REDRAW_MS; the frame follows the view once per animation frame.
import type { Core, NodeSingular } from "cytoscape";

const REDRAW_MS = 250;
const PAD = 4;
const STRETCH = 6;

interface Dots {
  nodes: NodeSingular[];
  x: Float32Array; // model coordinates of each node's box
  y: Float32Array;
  w: Float32Array;
  h: Float32Array;
  box: { x1: number; y1: number; x2: number; y2: number };
}

export interface Minimap {
  /** The graph was drawn anew: show the overview if `needed`, and draw it. */
  update(needed: boolean): void;
  /** The graph's looks changed (step, selection, search): redraw, throttled. */
  refresh(): void;
}

export function mountMinimap(cy: Core, container: HTMLElement, stillNeeded: () => boolean): Minimap {
  const canvas = document.createElement("canvas");
  const frame = document.createElement("div");
  frame.className = "minimap-view";
  container.replaceChildren(canvas, frame);
  let dots: Dots | null = null;
  let lastDraw = -Infinity;
  let drawTimer = 0;
  let frameRequest = 0;
  let draws = 0;

  function shown(): boolean {
    return !container.hidden && dots != null;
  }

  /** Model to thumbnail coordinates. A long chain would be a hairline at one scale, so height
   * may be stretched up to STRETCH times the width's scale. */
  function scale(): { kx: number; ky: number; ox: number; oy: number } {
    const box = dots!.box;
    const width = container.clientWidth;
    const height = container.clientHeight;
    const kx = Math.min((width - 2 * PAD) / Math.max(box.x2 - box.x1, 1), (height - 2 * PAD) / Math.max(box.y2 - box.y1, 1));
    const ky = Math.min(kx * STRETCH, (height - 2 * PAD) / Math.max(box.y2 - box.y1, 1));
    return { kx, ky, ox: (width - kx * (box.x2 - box.x1)) / 2 - kx * box.x1, oy: (height - ky * (box.y2 - box.y1)) / 2 - ky * box.y1 };
  }

  function collect(): Dots {
    const nodes = cy.nodes().filter((n) => n.data("kind") !== "badge").toArray() as NodeSingular[];
    const n = nodes.length;
    const [x, y, w, h] = [new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)];
    const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
    nodes.forEach((node, i) => {
      const p = node.position();
      // an open group's box is its members'; cytoscape knows it only by walking them
      const size = node.isParent() ? node.boundingBox({ includeLabels: false }) : null;
      w[i] = size ? size.w : Number(node.data("width")) || 0;
      h[i] = size ? size.h : Number(node.data("height")) || 0;
      x[i] = (size ? size.x1 : p.x - w[i] / 2);
      y[i] = (size ? size.y1 : p.y - h[i] / 2);
      box.x1 = Math.min(box.x1, x[i]);
      box.y1 = Math.min(box.y1, y[i]);
      box.x2 = Math.max(box.x2, x[i] + w[i]);
      box.y2 = Math.max(box.y2, y[i] + h[i]);
    });
    return { nodes, x, y, w, h, box };
  }

  function draw(): void {
    if (!shown()) return;
    const started = performance.now();
    const ratio = window.devicePixelRatio || 1;
    const width = container.clientWidth;
    const height = container.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const context = canvas.getContext("2d")!;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const style = getComputedStyle(container);
    const colors = {
      dim: style.getPropertyValue("--minimap-dim").trim() || "#c3ccd6",
      node: style.getPropertyValue("--minimap-node").trim() || "#52606d",
      pass: style.getPropertyValue("--accent").trim() || "#3450a1",
      problem: "#c62f2f",
      mark: "#e0a526",
    };
    const { kx, ky, ox, oy } = scale();
    const { nodes, x, y, w, h } = dots!;
    context.lineWidth = 1;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      const left = ox + kx * x[i];
      const top = oy + ky * y[i];
      // at least a pixel wide and two high: a 20,000-node chain is narrower than one per node
      const width = Math.max(1, kx * w[i]);
      const height = Math.max(2, ky * h[i]);
      if (node.isParent()) {
        context.strokeStyle = colors.dim;
        context.strokeRect(left, top, width, height);
        continue;
      }
      context.fillStyle = node.hasClass("nan") || node.hasClass("none-source") || node.hasClass("cut") ? colors.problem
        : node.hasClass("selected") || node.hasClass("search-hit") || node.hasClass("current") ? colors.mark
        : node.hasClass("done") ? colors.pass
        : node.hasClass("dim") ? colors.dim
        : colors.node;
      context.fillRect(left, top, width, height);
    }
    draws += 1;
    lastDraw = performance.now();
    container.dataset.draws = String(draws); // for the tests: how often it was redrawn, and the cost
    container.dataset.drawMs = (lastDraw - started).toFixed(1);
    placeFrame();
  }

  /** At most one draw every REDRAW_MS: stepping through a pass redraws it a few times a second. */
  function scheduleDraw(): void {
    if (drawTimer) return;
    const wait = Math.max(0, lastDraw + REDRAW_MS - performance.now());
    drawTimer = window.setTimeout(() => {
      drawTimer = 0;
      requestAnimationFrame(draw);
    }, wait);
  }

  function placeFrame(): void {
    if (!shown()) return;
    const { kx, ky, ox, oy } = scale();
    const view = cy.extent();
    const left = Math.max(0, ox + kx * view.x1);
    const top = Math.max(0, oy + ky * view.y1);
    const right = Math.min(container.clientWidth, ox + kx * view.x2);
    const bottom = Math.min(container.clientHeight, oy + ky * view.y2);
    frame.style.transform = `translate(${left}px, ${top}px)`;
    frame.style.width = `${Math.max(0, right - left)}px`;
    frame.style.height = `${Math.max(0, bottom - top)}px`;
  }

  function followView(): void {
    if (frameRequest || !shown()) return;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      placeFrame();
    });
  }

  /** Centre the view on the graph point under the pointer. */
  function moveTo(event: PointerEvent): void {
    if (!shown()) return;
    const { kx, ky, ox, oy } = scale();
    const bounds = container.getBoundingClientRect();
    const gx = (event.clientX - bounds.left - ox) / kx;
    const gy = (event.clientY - bounds.top - oy) / ky;
    const zoom = cy.zoom();
    cy.stop(true, false); // where it is: a jump to its end would land on the next frame, over this
    cy.pan({ x: cy.width() / 2 - zoom * gx, y: cy.height() / 2 - zoom * gy });
  }

  container.addEventListener("pointerdown", (event) => {
    container.setPointerCapture(event.pointerId);
    moveTo(event);
  });
  container.addEventListener("pointermove", (event) => {
    if (container.hasPointerCapture(event.pointerId)) moveTo(event);
  });
  cy.on("viewport", followView);
  cy.on("resize", () => {
    if (!dots) return;
    const needed = stillNeeded();
    if (needed === container.hidden) {
      container.hidden = !needed;
      container.dataset.shown = needed ? "1" : "";
      if (needed) scheduleDraw();
    } else followView();
  });

  return {
    update(needed: boolean) {
      dots = cy.nodes().nonempty() ? collect() : null;
      container.hidden = !needed || dots == null;
      container.dataset.shown = container.hidden ? "" : "1";
      if (shown()) {
        lastDraw = -Infinity;
        draw();
      }
    },
    refresh() {
      if (shown()) scheduleDraw();
    },
  };
}
