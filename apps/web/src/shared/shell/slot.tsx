import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { lazyOnce } from './lazy-cache.ts';
import { slotLoader, type SlotName } from './slot-registry.ts';

/** Renders the component a feature registered for `name`, or `fallback` while none is there. */
export function Slot({
  name,
  fallback = null,
  ...props
}: { name: SlotName; fallback?: ReactNode } & Record<string, unknown>) {
  const loader = slotLoader(name);
  if (!loader) return <>{fallback}</>;
  const Component = lazyOnce(loader);
  return (
    <ErrorBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <Component {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
