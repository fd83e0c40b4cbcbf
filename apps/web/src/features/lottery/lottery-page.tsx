import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { withChunkTimeout } from '../../shared/shell/lazy-route.ts';
import { LotteryIcon } from '../../shared/ui/icons.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { LoadingState } from '../../shared/ui/states.tsx';
import { LOTTERY_NS } from './strings.ts';
import { variantOf, variants } from './variants.ts';
import { Lobby } from './lobby.tsx';
import { LotteryBalance } from './balance.tsx';
import styles from './lottery.module.css';

/*
 * The lobby is what /lottery shows first; the betting client (with every game family's rules),
 * my bets and the verifier are chunks of their own, fetched when the player opens them, so the
 * lobby's first render does not wait for code it does not run.
 */
const GameClient = lazy(() =>
  withChunkTimeout(() => import('./client/game-client.tsx')).then((m) => ({ default: m.GameClient })),
);
const MyBets = lazy(() =>
  withChunkTimeout(() => import('./my-bets.tsx')).then((m) => ({ default: m.MyBets })),
);
const Verifier = lazy(() =>
  withChunkTimeout(() => import('./verifier.tsx')).then((m) => ({ default: m.Verifier })),
);

type View = 'lobby' | 'bets' | 'verify';

/**
 * /lottery, /seaLottery, /vnlottery and /elott (header only, D3; SH-08, SH-09): the lobby of the
 * variant's games, or with `gameCode` (spec A §4: `/lottery?gameCode=&playType=`) that game's
 * betting client; `view=bets` is the member's bets and `view=verify` the draw verifier.
 */
export function LotteryPage() {
  const { t } = useTypedTranslation('pages');
  const { t: tl } = useTypedTranslation(LOTTERY_NS);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const variant = variantOf(pathname);
  const gameCode = params.get('gameCode');
  const view: View = (['bets', 'verify'] as const).find((v) => v === params.get('view')) ?? 'lobby';

  return (
    <Page className={styles.page}>
      <div className={styles.top} data-client={gameCode ? '' : undefined}>
        <div className={styles.titleRow}>
          <span className={styles.titleIcon} aria-hidden="true">
            <LotteryIcon size={22} />
          </span>
          {gameCode ? (
            <p className={styles.variantName}>{t(variant.titleKey)}</p>
          ) : (
            <div>
              <h1 className={styles.title}>{t(variant.titleKey)}</h1>
              <p className={styles.blurb}>{t(variant.blurbKey)}</p>
            </div>
          )}
        </div>
        <LotteryBalance className={styles.topBalance} />
        <nav className={styles.variants} aria-label={t('lottery_variants')}>
          {variants.map((v) => (
            <NavLink key={v.path} to={v.path} end className={styles.variant}>
              {t(v.titleKey)}
            </NavLink>
          ))}
        </nav>
        <nav className={styles.views} aria-label={tl('views')}>
          {(['lobby', 'bets', 'verify'] as const).map((v) => (
            <Link
              key={v}
              to={v === 'lobby' ? variant.path : `${variant.path}?view=${v}`}
              className={styles.view}
              aria-current={!gameCode && view === v ? 'page' : undefined}
            >
              {tl(`view_${v}`)}
            </Link>
          ))}
        </nav>
      </div>
      <Suspense fallback={<LoadingState />}>
        {gameCode ? (
          <GameClient key={gameCode} variant={variant} gameCode={gameCode} />
        ) : view === 'bets' ? (
          <MyBets />
        ) : view === 'verify' ? (
          <Verifier variant={variant} />
        ) : (
          <Lobby variant={variant} />
        )}
      </Suspense>
    </Page>
  );
}
