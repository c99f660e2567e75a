// The page's side of the data worker in an exported file. A file:// page cannot start a worker
// from a script on disk, nor can that worker fetch anything the page holds (each file:// document
// is its own opaque origin), so: the worker's code is inlined and started from a Blob URL (a
// classic worker: a module worker from a Blob URL does not start under file://), and the embedded
// capture is handed to it as text the moment it starts (./worker-embedded.ts answers its fetch).
import InlineDataWorker from "../worker/data.worker.ts?worker&inline";
import { embedded } from "./embedded";
import type { EmbeddedCaptureMessage } from "./worker-messages";

export function spawnOfflineDataWorker(): Worker {
  const worker = new InlineDataWorker();
  if (embedded.has()) {
    worker.postMessage({ type: "embedded-capture", text: embedded.captureText() } satisfies EmbeddedCaptureMessage);
  }
  return worker;
}
