import { createBrowserRouter } from 'react-router';
import { onUnauthorized } from '../shared/http/client.ts';
import { appRoutes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router (history mode, SH-01). The start makes it once the brand config is in (the
 * login-required check needs the brand), while the strings and the face are on the way; the
 * maintenance and region pages do not render it.
 */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  // A dead token: the client has cleared the session; go home (the login-required check runs there).
  onUnauthorized(() => void router.navigate('/'));
  return router;
}
