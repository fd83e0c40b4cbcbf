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
  className,
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
  /** The placeholder's class: where it sits in its parent's layout (a grid's whole row, say). */
  className?: string;
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
        <Suspense fallback={<div className={className} style={{ minHeight }} />}>{children}</Suspense>
      </ErrorBoundary>
    );
  return <div ref={ref} className={className} style={{ minHeight }} aria-hidden="true" />;
}
