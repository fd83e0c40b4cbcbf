import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { LOTTERY_ENTRY_PATH } from '../../shared/navigation/game-types.ts';
import { resourcesOfType, useSystemInfo } from '../../shared/system/system-status.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { categories, providerArt, providersFrom, providersOf } from '../games/index.ts';
import { CategoryTile } from './category-tile.tsx';
import { loadPopupNotice, popupsFor, unseenPopups, useAnnouncements } from '../notices/index.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { useQuietAfter } from '../../shared/ui/use-quiet-after.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HomeMore } from './home-more.tsx';
import { OriginalsRow } from './originals-row.tsx';
import styles from './home-page.module.css';
import type { Banner } from '@app/contract';

// Its own chunk, with the modal it opens in: fetched once there is a popup to show, not at start.
const PopupNotice = lazy(loadPopupNotice);

/** At most this long after the announcements the popup stops waiting for the first banner. */
const BANNER_WAIT_MS = 3000;

/**
 * The popup notices (type PU) meant for this visitor, once per session, once the first banner
 * (the page's largest paint) has loaded or failed (`bannerDone`) and the browser is quiet. Opened
 * in the same task as the page's first render, its render and its scroll lock (which reads the
 * layout of a page not laid out yet) came before the first banner showed.
 */
function PopupOnce({ bannerDone }: { bannerDone: boolean }) {
  const { data } = useAnnouncements();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!data || bannerDone) return;
    const id = window.setTimeout(() => setWaited(true), BANNER_WAIT_MS);
    return () => window.clearTimeout(id);
  }, [data, bannerDone]);
  const quiet = useQuietAfter(Boolean(data) && (bannerDone || waited));
  const loggedIn = useIsLoggedIn();
  const [closed, setClosed] = useState(false);
  // Another dialog first (the register dialog of /register, a login): the popup waits its turn.
  const otherDialogOpen = useUiStore((s) => s.modals.length > 0);
  const list = useMemo(() => (data ? unseenPopups(popupsFor(data.popup, loggedIn)) : []), [data, loggedIn]);
  const wanted = list.length > 0 && !closed;
  // The code arrives while the banner loads, so the popup opens as soon as it may; asked for at
  // the first quiet moment, not in the first render's effects, the page's busiest task.
  const prefetch = useQuietAfter(wanted);
  useEffect(() => {
    if (prefetch) void loadPopupNotice().catch(() => undefined);
  }, [prefetch]);
  if (!quiet || closed || otherDialogOpen || list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PopupNotice notices={list} onClose={() => setClosed(true)} />
    </Suspense>
  );
}

/**
 * The banners, and the popup that waits for the first of them (it opens in a portal, so its place
 * here says nothing about where it shows). The first banner's load renders these two again, not
 * the whole page: on a phone that render came at the page's busiest moment (decision 015, ninth
 * pass).
 */
function BannersThenPopup({ banners, pending }: { banners: readonly Banner[]; pending: boolean }) {
  const [bannerLoaded, setBannerLoaded] = useState(false);
  // A transition: the popup's wait ends at the busiest moment of a first visit, when the LCP
  // image has just come in.
  const settled = useCallback(() => startTransition(() => setBannerLoaded(true)), []);
  return (
    <>
      {banners.length > 0 ? (
        <BannerCarousel banners={banners} onFirstSettled={settled} />
      ) : (
        <div className={styles.bannerSpace}>{pending ? <Skeleton height="100%" radius={16} /> : null}</div>
      )}
      <PopupOnce bannerDone={bannerLoaded || (!pending && banners.length === 0)} />
    </>
  );
}

/** Home (SH-02): banners, the game categories, notices, promotions, app download and help. */
export function HomePage() {
  const { t } = useTypedTranslation('translation');
  const brand = useBrand();
  const info = useSystemInfo();
  const { data, isPending } = useAnnouncements();
  const providers = providersFrom(resourcesOfType(info, 'PARTNER'), brand.esports);
  const banners = useMemo(() => (data?.banners ?? []).filter((b) => b.groupName === 'index'), [data]);

  const tiles = categories
    .filter((c) => c.type !== 'BINGO')
    .map((c) => {
      const first = providersOf(providers, c.type)[0];
      return {
        to: c.path,
        title: t(c.titleKey),
        caption: t(c.blurbKey),
        image: first
          ? providerArt(c, first.vassalage)
          : cdnPath(`SUBMENU_IMG/STYLE2/${c.artType}-${c.type}.png`),
      };
    });
  tiles.splice(5, 0, {
    to: LOTTERY_ENTRY_PATH,
    title: t('nav_lott'),
    caption: t('cat_lott_blurb'),
    image: cdnPath('SUBMENU_IMG/STYLE2/LOTT-TCG_SEA.png'),
  });

  return (
    <Page>
      <h1 className="visually-hidden">{brand.brandName}</h1>
      <BannersThenPopup banners={banners} pending={isPending} />

      <Section title={t('home_categories')} id="home-categories">
        <div className={styles.tiles}>
          {tiles.map((tile) => (
            <CategoryTile key={tile.to} {...tile} />
          ))}
        </div>
      </Section>

      <OriginalsRow />

      <HomeMore />
    </Page>
  );
}
