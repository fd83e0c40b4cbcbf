import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { call } from '../../shared/http/client.ts';
import { TrophyIcon } from '../../shared/ui/icons.tsx';
import { ErrorState } from '../../shared/ui/states.tsx';
import { winnerBoardCall } from './calls.ts';
import styles from './winners-board.module.css';
import { Isolate } from '../../shared/ui/ltr.tsx';

/** The winners board (NC-33): the biggest recent wins from settled bets, usernames masked. */
export function WinnersBoard({ limit = 10 }: { limit?: number }) {
  const { t, i18n } = useTypedTranslation('games');
  const language = i18n.language || 'en';
  const board = useQuery({
    queryKey: ['games', 'winners', language, limit],
    queryFn: () => call(winnerBoardCall, { query: { gameCategory: 'ALL', language, limitNum: limit } }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  const money = (amount: number, currency: string) => {
    try {
      return new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
      }).format(amount);
    } catch {
      return amount.toFixed(2);
    }
  };
  return (
    <section className={styles.board} aria-labelledby="winners-title" data-testid="winners-board">
      <h2 id="winners-title" className={styles.title}>
        <TrophyIcon size={18} /> {t('winners_title')}
      </h2>
      {board.isError ? (
        <ErrorState message={t('list_error')} onRetry={() => void board.refetch()} minHeight={120} />
      ) : board.isPending ? (
        <ol className={styles.list}>
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className={styles.skeleton} />
          ))}
        </ol>
      ) : board.data.list.length === 0 ? (
        <p className={styles.empty}>{t('winners_empty')}</p>
      ) : (
        <ol className={styles.list}>
          {board.data.list.map((w, i) => (
            <li key={`${w.username}-${w.time}-${i}`} className={styles.row}>
              <span className={styles.rank}>{i + 1}</span>
              <span className={styles.who}>
                <Isolate className={styles.user}>{w.username}</Isolate>
                <span className={styles.game}>{w.gameName}</span>
              </span>
              <span className={styles.amount} dir="ltr">
                {money(w.winAmount, w.currency)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
