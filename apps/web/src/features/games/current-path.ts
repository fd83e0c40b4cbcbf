/** NC-20: a navigation to the path already shown is skipped. */
export function isCurrentPath(to: string, location: { pathname: string; search: string }): boolean {
  const url = new URL(to, 'http://x');
  return url.pathname === location.pathname && url.search === location.search;
}
