import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Resource } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { useDomainRoute } from '../../shared/system/system-status.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { GlobeIcon, PhoneIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import styles from './download-page.module.css';

const APP_TYPES = ['APP_IOS', 'APP_ANDROID'];
const steps = ['download_step_scan', 'download_step_install', 'download_step_login'] as const;

function AppCard({ app }: { app: Resource }) {
  const { t } = useTypedTranslation('pages');
  return (
    <li className={styles.app} data-testid="download-app">
      <div className={styles.appHead}>
        {app.imageUrl ? (
          <img src={cdnImage(app.imageUrl)} alt="" width={48} height={48} className={styles.appIcon} />
        ) : null}
        <p className={styles.appName}>{app.labelNameEn}</p>
      </div>
      {app.qrCodeUrl ? (
        <img
          src={cdnImage(app.qrCodeUrl)}
          alt={t('download_qr_alt', { app: app.labelNameEn })}
          width={200}
          height={200}
          className={styles.qr}
        />
      ) : null}
      {app.url ? (
        <a href={app.url} className={buttonClass('primary', 'md')} download>
          {t('download_button', { app: app.labelNameEn })}
        </a>
      ) : null}
    </li>
  );
}

/** /download (SH-18): the apps with their QR codes (domainRoute resources) and the site's official addresses. */
export function DownloadPage() {
  const { t } = useTypedTranslation('pages');
  const brand = useBrand();
  const { data, isPending, error, refetch } = useDomainRoute();
  const apps = (data?.resources ?? []).filter((r) => APP_TYPES.includes(r.resourceType));

  return (
    <Page>
      <PageHeader
        icon={<PhoneIcon size={26} />}
        title={t('nav_download')}
        subtitle={t('download_subtitle', { brand: brand.brandName })}
      />
      {data ? (
        <>
          <div className={styles.hero}>
            {apps.length ? (
              <ul className={styles.apps}>
                {apps.map((a) => (
                  <AppCard key={a.name} app={a} />
                ))}
              </ul>
            ) : (
              <EmptyState icon={<PhoneIcon />} title={t('download_none')} />
            )}
            <ol className={styles.steps}>
              {steps.map((key, i) => (
                <li key={key}>
                  <span className={`${styles.stepNo} tabular`}>{i + 1}</span>
                  <span>
                    <strong>{t(`${key}_title`)}</strong>
                    <br />
                    {t(`${key}_body`)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
          <Section title={t('download_domains')} id="download-domains">
            <p className={styles.lead}>{t('download_domains_lead')}</p>
            <ul className={styles.domains}>
              {data.domainList.map((d) => (
                <li key={d.domainName} className={styles.domain}>
                  <GlobeIcon size={16} /> <span className="tabular">{d.domainName}</span>
                </li>
              ))}
            </ul>
          </Section>
        </>
      ) : isPending ? (
        <LoadingState minHeight={360} />
      ) : (
        <ErrorState message={error?.message ?? t('error_system')} onRetry={() => void refetch()} />
      )}
    </Page>
  );
}
