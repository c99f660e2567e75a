// The REST API's stand-in in an exported file: the same `api` as ../api/client, answered from the
// run embedded in the page. There is no server, so nothing here makes a network request; running
// code needs one.
import { api as served, ApiError, type Example, type RunSummary, type TensorPublic, type TrainingSteps } from "../api/client";
import { embedded } from "./embedded";
import { stepRows } from "./step-rows";
import { EMBEDDED_CAPTURE_URL } from "./worker-messages";

export { ApiError };
export type { Example, RunSummary, TensorPublic, TrainingSteps };

function ownRun(id: string): RunSummary {
  const run = embedded.run();
  if (run.id !== id) throw new ApiError(404, "not_found", `this file holds run ${run.id}, not ${id}`);
  return run;
}

function offline(): never {
  throw new ApiError(0, "offline", "this is an exported run: running code needs a TapeScope server");
}

export const api: typeof served = {
  examples: async () => [],
  run: async () => offline(),
  start: async () => offline(),
  cancel: async () => offline(),
  predict: async () => null, // an exported file has no class to share answers with
  predictions: async (_id, callId) => ({ call: callId, steps: [] }),
  summary: async (id) => ownRun(id),
  // The data worker "fetches" the capture from the page it was handed (see ./worker-spawn.ts).
  captureUrl: (id) => {
    ownRun(id);
    return EMBEDDED_CAPTURE_URL;
  },
  // The server answers this from the stored capture; here the same capture is in the page.
  tensor: async (id, tensorId) => {
    ownRun(id);
    const tensor = embedded.capture().tensors?.find((t) => t.id === tensorId);
    if (!tensor) throw new ApiError(404, "not_found", `tensor ${tensorId} of run ${id}`);
    return { ...tensor, value_available: tensor.summary.value != null } as TensorPublic;
  },
  // The per-step records are in the embedded capture too: the same pages, cut from it.
  steps: async (id, offset, limit) => {
    const run = ownRun(id);
    const capture = embedded.capture();
    const sites = capture.sites ?? [];
    const { rows, count } = stepRows(capture.steps ?? [], sites, offset, limit);
    return { keep: capture.keep ?? run.keep ?? null, sites, data: rows, count, offset, limit };
  },
};
