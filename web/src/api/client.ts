// The REST API, typed. Errors come back in the server's one JSON shape {error, message}.
import type { TensorInfo } from "./types";
import type { RunInfo } from "../store";

export interface Example {
  id: string;
  title: string;
  summary: string;
  tags: string[];
  code: string;
}

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
  return (await response.json()) as T;
}

export const api = {
  examples: () => call<Example[] | { examples: Example[] }>("GET", "/api/examples").then(
    (reply) => (Array.isArray(reply) ? reply : reply.examples),
  ),
  run: (code: string) => call<RunInfo>("POST", "/api/runs", { code }),
  summary: (id: string) => call<RunInfo>("GET", `/api/runs/${encodeURIComponent(id)}`),
  captureUrl: (id: string) => `/api/runs/${encodeURIComponent(id)}/capture`,
  tensor: (id: string, tensor: number) =>
    call<TensorInfo>("GET", `/api/runs/${encodeURIComponent(id)}/tensors/${tensor}?value=true`),
};
