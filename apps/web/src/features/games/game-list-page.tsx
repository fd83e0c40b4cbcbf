import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brand/brand.ts';
import { resourcesOfType, useSystemInfo } from '../../shared/system/system-status.ts';
import { SearchIcon, SlotIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { BannerHero } from '../banners/index.ts';
import { categoryOfPath, providersFrom, providersOf } from './catalogue.ts';
import { ProviderGrid, ProviderSpotlight } from './provider-grid.tsx';
import styles from './game-list-page.module.css';

/**
 * The one game-list page of /rng, /bgs, /bingo, /live, /fish and /pvp (SH-10): the category's
 * banner, its providers as tabs and cards, and the provider named by `vassalage` in front.
 * /bgs starts with the BGS vendor group chosen.
 */
export function GameListPage({ switcher }: { switcher?: ReactNode }) {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const brand = useBrand();
  const info = useSystemInfo();
  const [search, setSearch] = useState('');
  const category = categoryOfPath(pathname);
  const base = pathname;
  const vassalage = params.get('vassalage') ?? (pathname.toLowerCase() === '/bgs' ? 'BGS' : null);
  const providers = providersOf(
    providersFrom(resourcesOfType(info, 'PARTNER'), brand.esports),
    category.type,
  );
  const selected = providers.find((p) => p.vassalage === vassalage) ?? null;
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? providers.filter(
        (p) => p.name.toLowerCase().includes(needle) || p.vassalage.toLowerCase().includes(needle),
      )
    : providers;
  const hrefOf = (v: string | null) => (v ? `${base}?vassalage=${encodeURIComponent(v)}` : base);

  return (
    <Page>
      <PageHeader
        icon={<SlotIcon size={26} />}
        title={t(category.titleKey)}
        subtitle={t(category.blurbKey)}
      />
      {switcher}
      <BannerHero linkTo={category.path} title={t(category.titleKey)} subtitle={t(category.blurbKey)} />

      <Section>
        <div className={styles.toolbar}>
          <nav className={styles.tabs} aria-label={t('providers')}>
            <Link
              to={hrefOf(null)}
              className={styles.tab}
              aria-current={selected === null ? 'page' : undefined}
            >
              {t('providers_all')}
            </Link>
            {providers.map((p) => (
              <Link
                key={p.vassalage}
                to={hrefOf(p.vassalage)}
                className={styles.tab}
                aria-current={p.vassalage === selected?.vassalage ? 'page' : undefined}
              >
                {p.name}
              </Link>
            ))}
          </nav>
          <label className={styles.search}>
            <SearchIcon size={16} />
            <span className="visually-hidden">{t('providers_search')}</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('providers_search')}
            />
          </label>
        </div>
      </Section>

      {selected ? <ProviderSpotlight category={category} provider={selected} /> : null}

      <Section title={t('providers')} id="providers">
        {shown.length ? (
          <ProviderGrid
            category={category}
            providers={shown}
            selected={selected?.vassalage ?? null}
            hrefOf={(p) => hrefOf(p.vassalage)}
          />
        ) : (
          <EmptyState icon={<SearchIcon />} title={t('providers_none', { search: search.trim() })}>
            {t('providers_none_hint')}
          </EmptyState>
        )}
      </Section>
    </Page>
  );
}
