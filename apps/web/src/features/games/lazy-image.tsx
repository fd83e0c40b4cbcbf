import { useEffect, useRef, useState } from 'react';
import { attemptUrl, loadedImages, PRELOAD_MARGIN } from './image-cache.ts';

let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

/** One observer for every lazy image (BC-08: 1.3 screens ahead). */
function observe(el: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: PRELOAD_MARGIN },
  );
  waiting.set(el, onNear);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * An image that loads when it comes within 1.3 screens, tries 3 times, and shows at once when
 * one of the last 200 loaded images (BC-08). Its box keeps its size meanwhile (no layout shift).
 */
export function LazyImage({
  src,
  alt = '',
  className,
  width,
  height,
}: {
  src: string;
  alt?: string;
  className?: string;
  width: number;
  height: number;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const cached = loadedImages.has(src);
  const [near, setNear] = useState(cached);
  const [attempt, setAttempt] = useState(1);
  const [loaded, setLoaded] = useState(cached);

  // One image per mount: a caller showing another image gives it another key.
  useEffect(() => {
    if (near || !ref.current) return;
    return observe(ref.current, () => setNear(true));
  }, [near]);

  const url = near ? attemptUrl(src, attempt) : null;
  return (
    <img
      ref={ref}
      className={className}
      src={url ?? undefined}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      data-loaded={loaded || undefined}
      data-failed={near && url === null ? true : undefined}
      onLoad={() => {
        loadedImages.add(src);
        setLoaded(true);
      }}
      onError={() => setAttempt((n) => n + 1)}
    />
  );
}
