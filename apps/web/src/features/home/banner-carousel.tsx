import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../shared/ui/shell-icons.tsx';
import styles from './banner-carousel.module.css';

const INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The home carousel of the `index` banner group. Turns every 5 s unless hovered, focused or the
 * reader prefers no motion; arrows and dots work by keyboard too. The frame keeps the banners'
 * 1920 x 560 ratio so the page does not move while they load.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  const [held, setHeld] = useState(false);
  const count = banners.length;
  const rootRef = useRef<HTMLDivElement>(null);
  const current = count ? at % count : 0;

  useEffect(() => {
    if (count < 2 || held || prefersReducedMotion()) return;
    const id = window.setInterval(() => setAt((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [count, held]);

  if (count === 0) return null;
  const go = (i: number) => setAt((i + count) % count);

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
          const image = (
            <img
              src={cdnImage(b.url)}
              alt={b.title}
              width={1920}
              height={560}
              className={styles.image}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          );
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
}
