import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnPath } from '../../shared/cdn/image-host.ts';
import { resourcesOfType, useSystemInfo } from '../../shared/system/system-status.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { categories, providerArt, providersFrom, providersOf } from '../games/index.ts';
import { CategoryTile } from './category-tile.tsx';
import { PopupNotice, popupsFor, unseenPopups, useAnnouncements } from '../notices/index.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { HomeMore } from './home-more.tsx';
import styles from './home-page.module.css';

/** The popup notices (type PU) meant for this visitor, once per session. */
function PopupOnce() {
  const { data } = useAnnouncements();
  const loggedIn = useIsLoggedIn();
  const [closed, setClosed] = useState(false);
  // Another dialog first (the register dialog of /register, a login): the popup waits its turn.
  const otherDialogOpen = useUiStore((s) => s.modals.length > 0);
  const list = useMemo(() => (data ? unseenPopups(popupsFor(data.popup, loggedIn)) : []), [data, loggedIn]);
  if (closed || otherDialogOpen || list.length === 0) return null;
  return <PopupNotice notices={list} onClose={() => setClosed(true)} />;
}

/** Home (SH-02): banners, the game categories, notices, promotions, app download and help. */
export function HomePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const info = useSystemInfo();
  const { data, isPending } = useAnnouncements();
  const providers = providersFrom(resourcesOfType(info, 'PARTNER'), brand.esports);
  const banners = (data?.banners ?? []).filter((b) => b.groupName === 'index');

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
    to: '/elott',
    title: t('nav_lott'),
    caption: t('cat_lott_blurb'),
    image: cdnPath('SUBMENU_IMG/STYLE2/LOTT-TCG_SEA.png'),
  });

  return (
    <Page>
      <h1 className="visually-hidden">{brand.brandName}</h1>
      {banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        <div className={styles.bannerSpace}>{isPending ? <Skeleton height="100%" radius={16} /> : null}</div>
      )}

      <Section title={t('home_categories')} id="home-categories">
        <div className={styles.tiles}>
          {tiles.map((tile) => (
            <CategoryTile key={tile.to} {...tile} />
          ))}
        </div>
      </Section>

      <HomeMore />
      <PopupOnce />
    </Page>
  );
}
