// The page of benchmarks/layout_layered_vs_elk.py: runs one layout in a fresh worker when asked
// (window.runLayout), so that each is timed and measured on its own.
import type { Algorithm } from "./layout-bench.worker";

interface Result {
  nodes: number;
  edges: number;
  ms: number;
  crossings: number;
  placed: number;
}

type RunLayout = (algorithm: Algorithm, ops: number, limitMs: number) => Promise<Result>;

(window as unknown as { runLayout: RunLayout }).runLayout = (algorithm, ops, limitMs) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./layout-bench.worker.ts", import.meta.url), { type: "module" });
    const limit = setTimeout(() => {
      worker.terminate();
      reject(new Error(`still running after ${limitMs / 1000} s`));
    }, limitMs);
    worker.onmessage = (event: MessageEvent<Result>) => {
      clearTimeout(limit);
      resolve(event.data);
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ algorithm, ops });
  });
document.body.dataset.ready = "1";
