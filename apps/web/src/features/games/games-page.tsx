import { NavLink, useLocation } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { BallIcon, GamepadIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { VendorLobby } from './vendor-lobby.tsx';
import { splitEsports } from './vendor-nav.ts';
import { useVendorLanes } from './vendor-store.ts';
import styles from './games-page.module.css';

/** /sports and /esports: one games page (SH-07); its vendors launch directly (GL-04). */
export function GamesPage() {
  const { t } = useTypedTranslation(['games', 'pages', 'translation']);
  const { pathname } = useLocation();
  const brand = useBrand();
  const lanes = useVendorLanes();
  const esports = pathname.toLowerCase() === '/esports';
  const type = esports ? 'ESPORTS' : 'SPORTS';
  const vendors = splitEsports(lanes.data ?? [], brand.esports)
    .filter((l) => l.gameClassify === type)
    .flatMap((l) => l.cards);
  return (
    <Page>
      <PageHeader
        icon={esports ? <GamepadIcon size={26} /> : <BallIcon size={26} />}
        title={t(esports ? 'translation:nav_esports' : 'translation:nav_sports')}
        subtitle={t(esports ? 'translation:cat_esports_blurb' : 'translation:cat_sports_blurb')}
      />
      <nav className={styles.switcher} aria-label={t('pages:games_kind')}>
        <NavLink to="/sports" className={styles.option}>
          <BallIcon size={18} /> {t('translation:nav_sports')}
        </NavLink>
        <NavLink to="/esports" className={styles.option}>
          <GamepadIcon size={18} /> {t('translation:nav_esports')}
        </NavLink>
      </nav>
      <Section title={t('games:vendors')} id="vendors">
        <VendorLobby vendors={vendors} loading={!lanes.data && lanes.isPending} />
      </Section>
    </Page>
  );
}
