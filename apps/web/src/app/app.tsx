import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router.tsx';
import { StatusGate } from './status/status-gate.tsx';

/**
 * The app: the system status decides whether the routed pages render (SY-12..SY-14). The router is
 * made by the start, before this renders (main.tsx).
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusGate>
        <RouterProvider router={router} />
      </StatusGate>
    </QueryClientProvider>
  );
}
