import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { categories, providerArt, type Category, type Provider } from './catalogue.ts';
import styles from './provider-grid.module.css';

/** The providers of a category as picture cards; the chosen one (`vassalage`) is marked. */
export function ProviderGrid({
  category,
  providers,
  selected,
  hrefOf,
}: {
  category: Category;
  providers: readonly Provider[];
  selected: string | null;
  hrefOf: (p: Provider) => string;
}) {
  const { t } = useTypedTranslation('pages');
  return (
    <ul className={styles.grid}>
      {providers.map((p) => (
        <li key={p.vassalage}>
          <Link
            to={hrefOf(p)}
            className={styles.card}
            aria-current={p.vassalage === selected ? 'true' : undefined}
            data-testid={`provider-${p.vassalage}`}
          >
            <span className={styles.frame}>
              <img src={providerArt(category, p.vassalage)} alt="" width={300} height={200} loading="lazy" />
            </span>
            <span className={styles.body}>
              <span className={styles.name}>{p.name}</span>
              <span className={styles.types}>
                {p.types.map((type) => {
                  const c = categories.find((x) => x.type === type);
                  return c ? (
                    <span key={type} className={styles.type}>
                      {t(c.titleKey)}
                    </span>
                  ) : null;
                })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The chosen provider, large: its art, its name and the other categories it plays in. */
export function ProviderSpotlight({ category, provider }: { category: Category; provider: Provider }) {
  const { t } = useTypedTranslation('pages');
  const others = categories.filter((c) => provider.types.includes(c.type) && c.type !== category.type);
  return (
    <section className={styles.spotlight} aria-label={provider.name} data-testid="provider-spotlight">
      <img
        className={styles.spotlightArt}
        src={providerArt(category, provider.vassalage)}
        alt=""
        width={300}
        height={200}
      />
      <div className={styles.spotlightText}>
        <p className={styles.kicker}>{t(category.titleKey)}</p>
        <h2 className={styles.spotlightName}>{provider.name}</h2>
        <p className={styles.spotlightBlurb}>
          {t('provider_blurb', { provider: provider.name, category: t(category.titleKey) })}
        </p>
        {others.length ? (
          <p className={styles.others}>
            {t('provider_also')}{' '}
            {others.map((c) => (
              <Link
                key={c.type}
                to={`${c.path}?vassalage=${encodeURIComponent(provider.vassalage)}`}
                className={styles.otherLink}
              >
                {t(c.titleKey)}
              </Link>
            ))}
          </p>
        ) : null}
      </div>
    </section>
  );
}
