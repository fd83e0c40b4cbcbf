import { Link } from 'react-router';
import styles from './category-tile.module.css';

/** A large picture tile leading to a category or a provider; the art keeps a 3:2 frame. */
export function CategoryTile({
  to,
  image,
  title,
  caption,
  badge,
}: {
  to: string;
  image: string;
  title: string;
  caption?: string;
  badge?: string;
}) {
  return (
    <Link to={to} className={styles.tile}>
      <span className={styles.frame}>
        <img src={image} alt="" width={300} height={200} loading="lazy" className={styles.image} />
        {badge ? <span className={styles.badge}>{badge}</span> : null}
      </span>
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        {caption ? <span className={styles.caption}>{caption}</span> : null}
      </span>
    </Link>
  );
}
