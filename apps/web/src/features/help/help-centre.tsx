import { Link, useSearchParams } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { BookIcon } from '../../shared/ui/icons.tsx';
import { SafeHtml } from '../../shared/ui/safe-html.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { flattenArticles, helpArticlePath, useHelpCenter } from './api.ts';
import styles from './help-centre.module.css';

/** The "Responsible gaming" article (the footer links it) leads to the player's tools (decision 039). */
const RESPONSIBLE_ARTICLE = 'responsible';

/** The help centre: sections and their articles on the left, the chosen article (`?topic=`) on the right. */
export function HelpCentre({ base }: { base: '/help' | '/helpmc' }) {
  const { t } = useTypedTranslation('pages');
  const [params] = useSearchParams();
  const { data, isPending, error, refetch } = useHelpCenter();
  if (!data) {
    return isPending ? (
      <LoadingState minHeight={420} />
    ) : (
      <ErrorState
        message={error?.message ?? t('error_system')}
        onRetry={() => void refetch()}
        minHeight={420}
      />
    );
  }
  const articles = flattenArticles(data);
  const topic = params.get('topic');
  const currentId = articles.some((a) => a.id === topic) ? topic! : articles[0]?.id;
  const current = data.flatMap((s) => s.children).find((a) => a.tag === currentId);

  return (
    <div className={styles.centre}>
      <nav className={styles.nav} aria-label={t('help_topics')}>
        {data.map((s) => (
          <div key={s.tag} className={styles.group}>
            <p className={styles.category}>
              <BookIcon size={15} /> {s.title}
            </p>
            <ul className={styles.list}>
              {s.children.map((a) => (
                <li key={a.tag}>
                  <Link
                    to={helpArticlePath(a.tag, base)}
                    className={styles.link}
                    aria-current={a.tag === currentId ? 'page' : undefined}
                    replace
                  >
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <article className={styles.article} data-testid="help-article">
        {current ? <SafeHtml html={current.content} /> : <p>{t('help_empty')}</p>}
        {currentId === RESPONSIBLE_ARTICLE ? (
          <Link to="/responsible" className={styles.link} data-testid="rg-tools-link">
            {t('rg_open_tools')}
          </Link>
        ) : null}
      </article>
    </div>
  );
}
