import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Banner } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { artSrcSet, BANNER_SIZES } from '../../shared/cdn/responsive-image.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/shell-icons.tsx';
import styles from './banner-carousel.module.css';

const INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function withSlide(slides: ReadonlySet<number>, slide: number): ReadonlySet<number> {
  return slides.has(slide) ? slides : new Set([...slides, slide]);
}

/**
 * The home carousel of the `index` banner group. Turns every 5 s unless hovered, focused or the
 * reader prefers no motion; arrows and dots work by keyboard too. The frame keeps the banners'
 * 1920 x 560 ratio so the page does not move while they load. Memoised: what its first banner's
 * load changes around it (the popup's wait) does not render every slide again.
 */
export const BannerCarousel = memo(function BannerCarousel({
  banners,
  onFirstSettled,
}: {
  banners: readonly Banner[];
  /** Called once the first banner has loaded or failed (what waits for the page's LCP image). */
  onFirstSettled?: () => void;
}) {
  const { t } = useTypedTranslation('translation');
  const [at, setAt] = useState(0);
  const [held, setHeld] = useState(false);
  const count = banners.length;
  const rootRef = useRef<HTMLDivElement>(null);
  const current = count ? at % count : 0;
  // Slides load when they are about to show: the first at once (the page's LCP image), each next
  // one once the slide before it has loaded, so off-screen banners never compete with the first.
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0]));
  // A transition: the next slide's image is a head start, and this render of every slide came
  // with the first banner's load, the busiest moment of a first visit (decision 015, ninth pass).
  const reach = (slide: number) => startTransition(() => setReached((old) => withSlide(old, slide)));
  const loaded = useRef(new Set<number>());
  const showing = useRef(current);
  useEffect(() => {
    showing.current = current;
    if (count > 1 && loaded.current.has(current)) setReached((old) => withSlide(old, (current + 1) % count));
  }, [current, count]);

  useEffect(() => {
    if (count < 2 || held || prefersReducedMotion()) return;
    const id = window.setInterval(() => setAt((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [count, held]);

  if (count === 0) return null;
  const go = (i: number) => {
    const next = (i + count) % count;
    reach(next);
    setAt(next);
  };

  return (
    <div
      ref={rootRef}
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('home_banners')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node)) setHeld(false);
      }}
    >
      <div className={styles.track} style={{ transform: `translateX(${-100 * current}%)` }}>
        {banners.map((b, i) => {
          const src = cdnImage(b.url);
          const image =
            reached.has(i) || i === current ? (
              <img
                src={src}
                srcSet={artSrcSet(src, 1920, 360)}
                sizes={BANNER_SIZES}
                alt={b.title}
                width={1920}
                height={560}
                className={styles.image}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                onLoad={() => {
                  loaded.current.add(i);
                  if (i === 0) onFirstSettled?.();
                  if (showing.current === i && count > 1) reach((i + 1) % count);
                }}
                onError={i === 0 ? onFirstSettled : undefined}
              />
            ) : null;
          return (
            <div
              key={b.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home_banner_of', { at: i + 1, total: count })}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {b.linkage ? <Link to={b.linkage}>{image}</Link> : image}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            onClick={() => go(current - 1)}
            aria-label={t('home_banner_previous')}
          >
            <ChevronLeftIcon size={22} />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(current + 1)}
            aria-label={t('home_banner_next')}
          >
            <ChevronRightIcon size={22} />
          </button>
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={styles.dot}
                aria-current={i === current ? 'true' : undefined}
                aria-label={t('home_banner_of', { at: i + 1, total: count })}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
});
