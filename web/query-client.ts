import { QueryClient } from '@tanstack/react-query';

/** Data-fetching defaults from the spec (section 9): fresh for 5 s, no retries, no polling, refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5000,
      retry: false,
      refetchInterval: false,
      refetchOnWindowFocus: true,
    },
    mutations: {
      retry: false,
    },
  },
});
