import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router.tsx';
import { StatusGate } from './status/status-gate.tsx';

function Routed() {
  // One router for the page's life; made only once the status lets the app render.
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusGate>
        <Routed />
      </StatusGate>
    </QueryClientProvider>
  );
}
