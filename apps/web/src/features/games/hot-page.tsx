import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/brand.ts';
import { resourcesOfType, useSystemInfo } from '../../shared/system/system-status.ts';
import { ChevronRightIcon, FlameIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { BannerHero } from '../banners/index.ts';
import { categories, providersFrom, providersOf } from './catalogue.ts';
import { ProviderGrid } from './provider-grid.tsx';

/** /hot (SH-12): the most played categories and their providers, one row each. */
export function HotPage() {
  const { t } = useTranslation('pages');
  const brand = useBrand();
  const info = useSystemInfo();
  const providers = providersFrom(resourcesOfType(info, 'PARTNER'), brand.esports);
  return (
    <Page>
      <PageHeader icon={<FlameIcon size={26} />} title={t('hot_title')} subtitle={t('hot_subtitle')} />
      <BannerHero linkTo={['/hot', '/rng']} title={t('hot_title')} subtitle={t('hot_subtitle')} />
      {categories.map((c) => {
        const list = providersOf(providers, c.type).slice(0, 4);
        if (list.length === 0) return null;
        return (
          <Section
            key={c.type}
            id={`hot-${c.type}`}
            title={t(c.titleKey)}
            action={
              <Link to={c.path}>
                {t('view_all')} <ChevronRightIcon size={14} />
              </Link>
            }
          >
            <ProviderGrid
              category={c}
              providers={list}
              selected={null}
              hrefOf={(p) => `${c.path}?vassalage=${encodeURIComponent(p.vassalage)}`}
            />
          </Section>
        );
      })}
    </Page>
  );
}
