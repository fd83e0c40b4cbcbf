import { memo, useMemo } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import type { Game } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { LazyImage } from './lazy-image.tsx';
import styles from './game-grid.module.css';

/** Marks where a label's value goes: no translation contains it. */
const SLOT = '\u0000';

/**
 * A label with one value (`{{name}}`), translated once: the parts around the value, joined with
 * each game's. A grid of 72 tiles asked the translator for 5 labels per tile on every search; this asks
 * it once per language.
 */
export function labelTemplate(t: TFunction, key: string, name: string): (value: string) => string {
  const parts = t(key, { [name]: SLOT }).split(SLOT);
  return (value) => parts.join(value);
}

export interface TileLabels {
  play: string;
  maintenance: string;
  hot: string;
  new: string;
  rtp: (rtp: string) => string;
  favouriteAdd: (game: string) => string;
  favouriteRemove: (game: string) => string;
}

/** The tiles' labels in the current language, for a list to hand to each of its tiles. */
export function useTileLabels(): TileLabels {
  const { t } = useTypedTranslation('games');
  return useMemo(
    () => ({
      play: t('play'),
      maintenance: t('maintenance_short'),
      hot: t('hot'),
      new: t('new'),
      rtp: labelTemplate(t, 'rtp', 'rtp'),
      favouriteAdd: labelTemplate(t, 'favourite_add', 'game'),
      favouriteRemove: labelTemplate(t, 'favourite_remove', 'game'),
    }),
    [t],
  );
}

/**
 * A game tile: art with fixed aspect, name, vendor, hot/new badges, a favourite star, play on
 * hover and focus. A grid may show another game in the same tile (its tiles are slots kept across
 * searches and scrolling): the image then starts anew with its own key.
 */
export const GameTile = memo(function GameTile({
  game,
  favourite,
  vendorName,
  maintenance,
  labels,
  onPlay,
  onFavourite,
}: {
  game: Game;
  favourite: boolean;
  vendorName: string;
  maintenance: boolean;
  labels: TileLabels;
  onPlay: (game: Game) => void;
  onFavourite: (game: Game, want: boolean) => void;
}) {
  const src = cdnImage(game.imageUrl);
  return (
    <li className={styles.tile} data-testid="game-tile" data-node={game.nodeId}>
      <button type="button" className={styles.tileButton} onClick={() => onPlay(game)}>
        {/* The play label is the art's ::after (one element fewer per tile: NC-46 counts them). */}
        <span className={styles.art} data-play={maintenance ? labels.maintenance : labels.play}>
          <LazyImage key={src} src={src} width={300} height={200} className={styles.img} />
          {game.isHot === 1 ? (
            <span className={`${styles.badge} ${styles.hot}`}>{labels.hot}</span>
          ) : game.isNew === 1 ? (
            <span className={`${styles.badge} ${styles.new}`}>{labels.new}</span>
          ) : null}
        </span>
        <span className={styles.name} data-testid="game-name" dir="auto">
          {game.gameName}
        </span>
        <span className={styles.vendor}>
          {vendorName}
          {game.rtp !== null ? ` · ${labels.rtp(game.rtp.toFixed(2))}` : ''}
        </span>
      </button>
      <button
        type="button"
        className={styles.star}
        aria-pressed={favourite}
        aria-label={favourite ? labels.favouriteRemove(game.gameName) : labels.favouriteAdd(game.gameName)}
        onClick={() => onFavourite(game, !favourite)}
        data-testid="favourite-star"
      >
        {favourite ? '\u2605' : '\u2606'}
      </button>
    </li>
  );
});

/** A tile whose page has not arrived yet: the same box, no content (no layout shift). */
export function TileSkeleton() {
  return (
    <li className={`${styles.tile} ${styles.skeleton}`} aria-hidden="true">
      <span className={styles.art} />
      <span className={styles.skelLine} />
    </li>
  );
}
