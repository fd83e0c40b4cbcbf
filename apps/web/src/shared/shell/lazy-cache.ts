import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Registered components take different props; the cache holds them all, typed at the call site.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
const cache = new WeakMap<object, LazyExoticComponent<AnyComponent>>();

/**
 * One React.lazy per loader, so a component keeps its identity (and state) across renders. The
 * hooks linter cannot see through the cache and reports "component created during render" where
 * the result is used; those call sites say so and disable the rule for that line.
 */
export function lazyOnce<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader as () => Promise<{ default: AnyComponent }>);
    cache.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}
