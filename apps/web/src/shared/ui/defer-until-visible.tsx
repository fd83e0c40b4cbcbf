import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ErrorBoundary } from './error-boundary.tsx';

/** True once a key has been pressed in the page: from then on every deferred part renders. */
let keyboardUsed = false;
/** The mounted parts still waiting, each with its way to show itself. */
const waiting = new Set<() => void>();
const capture = { capture: true } as const;

/**
 * The first key pressed anywhere renders every part still waiting, synchronously, before the
 * key's own action: a keyboard user's Tab moves on to the cards and links those parts hold (an
 * aria-hidden placeholder has nothing to focus, and the footer is deferred too), and the browser's
 * find-in-page (Ctrl+F) finds their text.
 */
function firstKey(): void {
  keyboardUsed = true;
  window.removeEventListener('keydown', firstKey, capture);
  const shows = [...waiting];
  waiting.clear();
  flushSync(() => {
    for (const show of shows) show();
  });
}

function whenKeyboardUsed(show: () => void): () => void {
  if (waiting.size === 0) window.addEventListener('keydown', firstKey, capture);
  waiting.add(show);
  return () => {
    waiting.delete(show);
    if (waiting.size === 0) window.removeEventListener('keydown', firstKey, capture);
  };
}

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport, or once the
 * reader uses the keyboard: code and data for content below the fold load when the reader heads
 * there, not with the first screen. The placeholder keeps `minHeight`, so the page does not jump
 * when the content arrives, and so does the space while lazy children's code is on the way.
 * Children whose code cannot be fetched are left out: the part stays empty and the rest of the
 * page stands.
 */
export function DeferUntilVisible({
  children,
  minHeight,
  margin = '600px',
  className,
  as: Placeholder = 'div',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
  /** The placeholder's class: where it sits in its parent's layout (a grid's whole row, say). */
  className?: string;
  /** The placeholder's element: a `span` inside phrasing content (a button's). */
  as?: 'div' | 'span';
}) {
  // Typed for either element the placeholder may be; a ref, not state, so mounting renders once.
  const ref = useRef<HTMLDivElement & HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => keyboardUsed || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    const stopWaiting = whenKeyboardUsed(() => setVisible(true));
    return () => {
      observer.disconnect();
      stopWaiting();
    };
  }, [visible, margin]);
  if (visible)
    return (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={<Placeholder className={className} style={{ minHeight }} />}>{children}</Suspense>
      </ErrorBoundary>
    );
  return <Placeholder ref={ref} className={className} style={{ minHeight }} aria-hidden="true" />;
}
