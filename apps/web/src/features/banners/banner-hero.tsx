import { Link } from 'react-router';
import type { Banner } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { artSrcSet, BANNER_SIZES } from '../../shared/cdn/responsive-image.ts';
import { Skeleton } from '../../shared/ui/states.tsx';
import { useAnnouncements } from '../notices/index.ts';
import styles from './banner-hero.module.css';

/**
 * A page's hero: the announcement banner that links to this page (or the first one of the
 * `index` group), drawn at a fixed aspect ratio so nothing moves when it loads. Without a
 * banner the page's own title band stands in.
 */
export function BannerHero({
  linkTo,
  title,
  subtitle,
}: {
  linkTo: string | readonly string[];
  title: string;
  subtitle?: string;
}) {
  const { data, isPending } = useAnnouncements();
  const links = typeof linkTo === 'string' ? [linkTo] : linkTo;
  const banners = (data?.banners ?? []).filter((b) => b.groupName === 'index');
  const banner: Banner | undefined = banners.find((b) => links.includes(b.linkage));

  if (isPending && !data) {
    return (
      <div className={styles.hero}>
        <Skeleton height="100%" radius={16} />
      </div>
    );
  }
  if (banner) {
    const src = cdnImage(banner.url);
    const image = (
      <img
        src={src}
        srcSet={artSrcSet(src, 1920, 360)}
        sizes={BANNER_SIZES}
        alt={banner.title}
        width={1920}
        height={560}
        className={styles.image}
        // The hero is the page's largest picture, its LCP element.
        fetchPriority="high"
      />
    );
    return (
      <div className={styles.hero}>
        {banner.linkage && !links.includes(banner.linkage) ? <Link to={banner.linkage}>{image}</Link> : image}
      </div>
    );
  }
  return (
    <div className={`${styles.hero} ${styles.band}`}>
      <div className={styles.bandText}>
        <p className={styles.bandTitle}>{title}</p>
        {subtitle ? <p className={styles.bandSubtitle}>{subtitle}</p> : null}
      </div>
    </div>
  );
}
