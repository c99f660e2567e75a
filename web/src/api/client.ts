// The REST API, typed by the types generated from the server's OpenAPI schema (schema.d.ts): a
// renamed field or route breaks `tsc`, not the page. Errors arrive as the server's one JSON shape
// {error, message}.
import type { paths } from "./schema";

type Json<P extends keyof paths, M extends "get" | "post"> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { "application/json": infer T } } }
    ? T
    : R extends { 201: { content: { "application/json": infer T } } }
      ? T
      : never
  : never;

export type Example = Json<"/api/examples", "get">[number];
export type RunSummary = Json<"/api/runs/{run_id}", "get">;
export type TensorPublic = Json<"/api/runs/{run_id}/tensors/{tensor_id}", "get">;
export type TrainingSteps = Json<"/api/runs/{run_id}/steps", "get">;
export type PredictionTally = Json<"/api/runs/{run_id}/predictions", "get">;
type PredictionCreate = paths["/api/runs/{run_id}/predictions"]["post"]["requestBody"]["content"]["application/json"];
type RunCreate = paths["/api/runs"]["post"]["requestBody"]["content"]["application/json"];

export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    let code = "http_error";
    let message = `${response.status} ${response.statusText}`;
    try {
      const payload = await response.json();
      code = payload.error ?? code;
      message = payload.message ?? message;
    } catch {
      /* not JSON: keep the status line */
    }
    throw new ApiError(response.status, code, message);
  }
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

const run = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

export const api = {
  examples: () => call<Example[]>("GET", "/api/examples"),
  run: (code: string, keep?: string) =>
    call<RunSummary>("POST", "/api/runs", (keep ? { code, keep, wait: true } : { code, wait: true }) satisfies RunCreate),
  /** Start a run and answer at once (status "running"); poll `summary` until it ends. */
  start: (code: string, keep?: string) =>
    call<RunSummary>("POST", "/api/runs", (keep ? { code, keep, wait: false } : { code, wait: false }) satisfies RunCreate),
  cancel: (id: string) => call<RunSummary>("POST", `${run(id)}/cancel`),
  predict: (id: string, body: PredictionCreate) => call<null>("POST", `${run(id)}/predictions`, body),
  predictions: (id: string, callId: number) => call<PredictionTally>("GET", `${run(id)}/predictions?call=${callId}`),
  summary: (id: string) => call<RunSummary>("GET", run(id)),
  captureUrl: (id: string) => `${run(id)}/capture`,
  tensor: (id: string, tensor: number) => call<TensorPublic>("GET", `${run(id)}/tensors/${tensor}?value=true`),
  steps: (id: string, offset: number, limit: number) => call<TrainingSteps>("GET", `${run(id)}/steps?offset=${offset}&limit=${limit}`),
};
