import { loginRequiredExceptions } from '@app/contract';

const normalise = (pathname: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
const open = new Set(loginRequiredExceptions.map(normalise));

/**
 * Login-required mode (SH-22..SH-24): with brand `loginedToHomePage` on and no token, every path
 * but /login, /register, /register.html, /helpmc and /download goes to /login. Returns the
 * redirect target, or null to stay. Paths compare case-insensitively, as the router matches them.
 */
export function loginRedirectTarget(
  pathname: string,
  loginedToHomePage: boolean,
  token: string | null,
): string | null {
  if (!loginedToHomePage || token) return null;
  return open.has(normalise(pathname)) ? null : '/login';
}
