import { QueryClient } from "@tanstack/react-query";
import { getJson } from "./api";

/**
 * Query keys are `[apiPath]`: the server seeds answers under the same path,
 * so a server-rendered page hydrates from the cache without refetching.
 * Defaults are the spec's: no interval or focus refetch, never stale, no retries.
 */
export function createQueryClient(seed: Record<string, unknown>): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => getJson(String(queryKey[0])),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  for (const [path, data] of Object.entries(seed)) client.setQueryData([path], data);
  return client;
}
