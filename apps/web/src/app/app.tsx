import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { onUnauthorized } from '../shared/http/client.ts';
import { appRoutes, FirstPageSuspense } from './routes.tsx';
import { StatusGate } from './status/status-gate.tsx';

const routes = appRoutes();

/** The routed pages (SH-01, history mode); a dead token (the client has cleared the session) goes home. */
function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => onUnauthorized(() => void navigate('/')), [navigate]);
  return useRoutes(routes);
}

/**
 * The app: the system status decides whether the routed pages render (SY-12..SY-14); the maintenance
 * and region pages render no router.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusGate>
        <BrowserRouter>
          <FirstPageSuspense>
            <AppRoutes />
          </FirstPageSuspense>
        </BrowserRouter>
      </StatusGate>
    </QueryClientProvider>
  );
}
