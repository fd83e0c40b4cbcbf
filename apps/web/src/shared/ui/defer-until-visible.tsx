import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary.tsx';

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport: code and data
 * for content below the fold load when the reader heads there, not with the first screen. The
 * placeholder keeps `minHeight`, so the page does not jump when the content arrives, and so does
 * the space while lazy children's code is on the way. Children whose code cannot be fetched are
 * left out: the part stays empty and the rest of the page stands.
 */
export function DeferUntilVisible({
  children,
  minHeight,
  margin = '600px',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, margin]);
  if (visible)
    return (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>
      </ErrorBoundary>
    );
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
