// The one HTTP client of the UI (spec sections 7 and 8): every request sends
// credentials, a non-OK answer becomes an error "STATUS: body text".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`);
}

/** Sends a write; the body, when present, is JSON. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Reads JSON from `url`; with "returnNull" a 401 means "no data" instead of an error. */
export async function getJson<T>(
  url: string,
  { on401 = "throw" }: { on401?: UnauthorizedBehavior } = {},
): Promise<T | null> {
  const response = await fetch(url, { credentials: "include" });
  if (on401 === "returnNull" && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** Builds an API path from segments, encoding each one. */
export function apiPath(base: string, ...segments: (string | number)[]): string {
  return [base, ...segments.map((segment) => encodeURIComponent(String(segment)))].join("/");
}
