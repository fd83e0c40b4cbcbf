import type { Banner } from '@app/contract';
import { cdnImage } from '../cdn/image-host.ts';
import styles from './dialog-banner.module.css';

/**
 * The banner at the top of an account dialog (groups `w_login`, `w_register`), drawn at its fixed
 * 720 × 200 ratio so the form below does not move when it loads; a plain band while it loads.
 */
export function DialogBanner({
  banner,
  loading,
  testId,
}: {
  banner: Banner | undefined;
  loading: boolean;
  testId?: string;
}) {
  if (!banner && !loading) return null;
  return (
    <div className={styles.banner} data-testid={testId}>
      {banner ? <img src={cdnImage(banner.url)} alt={banner.title} width={720} height={200} /> : null}
    </div>
  );
}
