import { useState } from 'react';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { resourceNamed, useSystemInfo } from '../../shared/system/system-status.ts';
import styles from './logo.module.css';

/** The brand logo (resource `logo`), with the brand name as its text when the image cannot load. */
export function Logo({ height = 44 }: { height?: number }) {
  const brand = useBrand();
  const info = useSystemInfo();
  const url = resourceNamed(info, 'logo')?.imageUrl;
  const [failed, setFailed] = useState(false);
  // The logo art is 360 x 96; keeping the ratio reserves its space before it loads.
  const width = Math.round((height * 360) / 96);
  if (!url || failed) {
    return (
      <span className={styles.wordmark} style={{ height, lineHeight: `${height}px` }}>
        {brand.brandName}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      src={cdnImage(url)}
      alt={brand.brandName}
      width={width}
      height={height}
      onError={() => setFailed(true)}
    />
  );
}
