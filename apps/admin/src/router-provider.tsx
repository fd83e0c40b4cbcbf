import { forwardRef, useContext, type ComponentProps } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { matchResourceFromRoute, ResourceContext, type RouterProvider } from '@refinedev/core';

/**
 * Refine's router bindings on react-router 8, the router the players' app uses. Refine's own
 * package for it (@refinedev/react-router) is built on react-router 7 and would bring a second
 * router, whose context this app's routes would never see; the bindings are these few functions.
 * Table state is not kept in the address (the audit log pages by cursor, decision 032), so the
 * query string is passed through as given.
 */

function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterLink>>((props, ref) => (
  <RouterLink ref={ref} {...props} />
));
Link.displayName = 'RefineLink';

export const routerProvider: RouterProvider = {
  go: () => {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- Refine calls `go` as a hook (a function generator).
    const navigate = useNavigate();
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const location = useLocation();
    return ({ to, query, hash, options, type }) => {
      // `to` may carry a query of its own (the auth provider's `/signin?reason=idle`): merged with `query`.
      const [pathname = location.pathname, own = ''] = (to ?? location.pathname).split('?');
      const search = toSearch({
        ...(options?.keepQuery ? Object.fromEntries(new URLSearchParams(location.search)) : {}),
        ...Object.fromEntries(new URLSearchParams(own)),
        ...query,
      });
      const path = `${pathname}${search}${hash ? `#${hash.replace(/^#/, '')}` : options?.keepHash ? location.hash : ''}`;
      if (type === 'path') return path;
      void navigate(path, { replace: type === 'replace' });
      return undefined;
    };
  },
  back: () => {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const navigate = useNavigate();
    return () => void navigate(-1);
  },
  parse: () => {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const location = useLocation();
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const { resources } = useContext(ResourceContext);
    return () => {
      const { found, resource, action, matchedRoute } = matchResourceFromRoute(location.pathname, resources);
      const params = Object.fromEntries(new URLSearchParams(location.search));
      let id: string | undefined;
      if (found && matchedRoute) {
        const pattern = matchedRoute.split('/');
        const parts = location.pathname.split('/');
        const at = pattern.indexOf(':id');
        if (at >= 0) id = parts[at];
      }
      return {
        pathname: location.pathname,
        params,
        ...(found && resource ? { resource } : {}),
        ...(found && action ? { action } : {}),
        ...(id ? { id } : {}),
      };
    };
  },
  Link,
};
