import { createBrowserRouter } from 'react-router';
import { onUnauthorized } from '../shared/http/client.ts';
import { appRoutes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router (history mode, SH-01). Created after the brand config and the system status
 * are in: the login-required check needs the brand, and the maintenance and region pages need no
 * router at all.
 */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  // A dead token: the client has cleared the session; go home (the login-required check runs there).
  onUnauthorized(() => void router.navigate('/'));
  return router;
}
