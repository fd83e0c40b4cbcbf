import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/http/api-error.ts';
import { persistQueries } from '../shared/storage/query-persistence.ts';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network and server failures may.
        retry: (count, error) =>
          count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
    },
  });
  persistQueries(client);
  return client;
}
