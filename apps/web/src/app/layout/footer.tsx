import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage, cdnPath } from '../../shared/cdn/image-host.ts';
import { resourcesOfType, useSystemInfo } from '../../shared/system/system-status.ts';
import { flattenArticles, helpArticlePath, useHelpCenter } from '../../features/help/index.ts';
import { useVendorLanes } from '../../features/games/index.ts';
import { partnerList } from './partners.ts';
import { Logo } from './logo.tsx';
import styles from './footer.module.css';

const browsers = [
  { id: 'chrome', name: 'Chrome' },
  { id: 'firefox', name: 'Firefox' },
  { id: 'ie', name: 'Internet Explorer' },
] as const;

/**
 * Partner logos, suggested browsers (chrome, firefox, ie), payment methods (SH-29), help links,
 * and the logo back to / (SH-30).
 */
export function Footer() {
  const { t } = useTypedTranslation('translation');
  const brand = useBrand();
  const info = useSystemInfo();
  // NC-42, NC-43: no TCG_SEA; each logo from its vendor type's folder (games feature).
  const partners = partnerList(resourcesOfType(info, 'PARTNER'), useVendorLanes().data);
  const payments = resourcesOfType(info, 'PAYMENT');
  const help = useHelpCenter();
  const articles = help.data ? flattenArticles(help.data) : [];
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {partners.length > 0 ? (
          <section className={styles.block} aria-labelledby="footer-partners">
            <h2 id="footer-partners" className={styles.heading}>
              {t('footer_partners')}
            </h2>
            <ul className={styles.partners} data-testid="footer-partners">
              {partners.map((p) => (
                <li key={p.vassalage} className={styles.partner}>
                  <img src={cdnPath(p.logoPath)} alt={p.name} width={150} height={60} loading="lazy" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className={styles.row}>
          {payments.length > 0 ? (
            <section className={styles.block} aria-labelledby="footer-payments">
              <h2 id="footer-payments" className={styles.heading}>
                {t('footer_payments')}
              </h2>
              <ul className={styles.payments} data-testid="footer-payments">
                {payments.map((p) => (
                  <li key={p.name} className={styles.payment}>
                    <img
                      src={cdnImage(p.imageUrl)}
                      alt={p.labelNameEn}
                      width={100}
                      height={40}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className={styles.block} aria-labelledby="footer-browsers">
            <h2 id="footer-browsers" className={styles.heading}>
              {t('footer_browsers')}
            </h2>
            <ul className={styles.browsers} data-testid="footer-browsers">
              {browsers.map((b) => (
                <li key={b.id} className={styles.browser}>
                  <img
                    src={cdnPath(`BROWSER/${b.id}.png`)}
                    alt={b.name}
                    width={36}
                    height={36}
                    loading="lazy"
                  />
                  <span>{b.name}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className={styles.bottom}>
          <Link
            to="/"
            className={styles.logo}
            aria-label={t('footer_logo_home', { brand: brand.brandName })}
            data-testid="footer-logo"
          >
            <Logo height={36} />
          </Link>
          <nav className={styles.links} aria-label={t('footer_help')}>
            {articles.slice(0, 7).map((a) => (
              <Link key={a.id} to={helpArticlePath(a.id)}>
                {a.title}
              </Link>
            ))}
            <Link to="/join">{t('nav_join')}</Link>
            <Link to="/download">{t('nav_download')}</Link>
          </nav>
        </div>
        <p className={styles.legal}>
          <span className={styles.age} aria-hidden="true">
            18+
          </span>
          {t('footer_legal', { brand: brand.brandName, year })}
        </p>
      </div>
    </footer>
  );
}
