import { useState } from 'react';
import type { Raffle, RafflePhase } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatMoney } from '../../shared/i18n/money.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ClockIcon, GiftIcon, TrophyIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { useEnterRaffle, useRaffleDraw, useRaffles } from './api.ts';
import { RAFFLES_NS } from './index.ts';
import styles from './raffles-page.module.css';

function useFormat() {
  const { i18n } = useTypedTranslation(RAFFLES_NS);
  return {
    money: (n: number) => formatMoney(n, { language: i18n.language }),
    when: (ms: number) =>
      new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
  };
}

const order: RafflePhase[] = ['OPEN', 'UPCOMING', 'CLOSED', 'DRAWN', 'CANCELLED'];

/**
 * /raffles (issue 32, decision 053): the raffles open, coming and waiting for their draw, each with
 * its prizes, times and entries; a member enters with one tap (one free ticket) and sees their
 * ticket; drawn raffles show their winners, the member's own win, and the draw's proof.
 */
export function RafflesPage() {
  const { t } = useTypedTranslation(RAFFLES_NS);
  const loggedIn = useIsLoggedIn();
  const { data, isPending, error, refetch } = useRaffles(loggedIn);
  const { money } = useFormat();
  const list = [...(data?.list ?? [])].sort((a, b) =>
    a.phase === b.phase
      ? a.phase === 'DRAWN' || a.phase === 'CANCELLED'
        ? b.drawAt - a.drawAt
        : a.drawAt - b.drawAt
      : order.indexOf(a.phase) - order.indexOf(b.phase),
  );
  const running = list.filter((r) => r.phase === 'OPEN' || r.phase === 'UPCOMING' || r.phase === 'CLOSED');
  const results = list.filter((r) => r.phase === 'DRAWN' || r.phase === 'CANCELLED');
  const mine = list.filter((r) => r.myTicket !== null && r.phase !== 'CANCELLED');
  return (
    <Page>
      <PageHeader icon={<TrophyIcon size={26} />} title={t('rf_title')} subtitle={t('rf_subtitle')} />
      {loggedIn && data ? (
        <section className={styles.summary} data-testid="raffle-summary" aria-label={t('rf_my_title')}>
          <div>
            <span className={styles.summaryLabel}>{t('rf_my_wins')}</span>
            <b className={`${styles.summaryValue} tabular`} data-testid="raffle-my-wins">
              {money(data.myWins)}
            </b>
            <span className={styles.summaryNote}>{t('rf_my_win_count', { count: data.myWinCount })}</span>
          </div>
          <div>
            <span className={styles.summaryLabel}>{t('rf_my_tickets')}</span>
            <b className={`${styles.summaryValue} tabular`}>{mine.length}</b>
            <span className={styles.summaryNote}>{t('rf_my_tickets_note')}</span>
          </div>
        </section>
      ) : null}
      <Section title={t('rf_running')} id="raffles-running">
        {isPending ? (
          <Skeleton height={220} />
        ) : error ? (
          <ErrorState message={t('rf_error')} onRetry={() => void refetch()} />
        ) : running.length ? (
          <ul className={styles.grid}>
            {running.map((r, i) => (
              <RaffleCard key={r.id} r={r} tone={i % 3} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={<GiftIcon size={30} />} title={t('rf_none_title')}>
            {t('rf_none_text')}
          </EmptyState>
        )}
      </Section>
      {results.length ? (
        <Section title={t('rf_results')} id="raffles-results">
          <ul className={styles.grid}>
            {results.map((r, i) => (
              <RaffleCard key={r.id} r={r} tone={(i + 1) % 3} />
            ))}
          </ul>
        </Section>
      ) : null}
      <p className={styles.rules}>{t('rf_rules')}</p>
    </Page>
  );
}

function RaffleCard({ r, tone }: { r: Raffle; tone: number }) {
  const { t } = useTypedTranslation(RAFFLES_NS);
  const { money, when } = useFormat();
  const loggedIn = useIsLoggedIn();
  const gate = useGate();
  const enter = useEnterRaffle();
  const shown = r.prizes.slice(0, 3);
  return (
    <li className={styles.card} data-testid="raffle-card" data-phase={r.phase} data-raffle={r.id}>
      <div className={styles.art} data-tone={tone}>
        <span className={styles.phase} data-phase={r.phase}>
          {t(`rf_phase_${r.phase}`)}
        </span>
        <span className={styles.poolLabel}>{t('rf_pool')}</span>
        <b className={`${styles.pool} tabular`}>{money(r.prizePool)}</b>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{r.title}</h3>
        {r.description ? <p className={styles.description}>{r.description}</p> : null}
        <ol className={styles.prizes} aria-label={t('rf_prizes')}>
          {shown.map((p, i) => (
            <li key={i}>
              <span>{t('rf_place', { place: i + 1 })}</span>
              <b className="tabular">{money(p)}</b>
            </li>
          ))}
          {r.prizes.length > shown.length ? (
            <li className={styles.more}>{t('rf_more_prizes', { count: r.prizes.length - shown.length })}</li>
          ) : null}
        </ol>
        <dl className={styles.times}>
          <div>
            <dt>
              <ClockIcon size={14} /> {r.phase === 'UPCOMING' ? t('rf_opens') : t('rf_closes')}
            </dt>
            <dd className="tabular">{when(r.phase === 'UPCOMING' ? r.opensAt : r.closesAt)}</dd>
          </div>
          <div>
            <dt>{r.phase === 'DRAWN' ? t('rf_drawn') : t('rf_draw')}</dt>
            <dd className="tabular">{when(r.drawnAt ?? r.drawAt)}</dd>
          </div>
          <div>
            <dt>{t('rf_entries')}</dt>
            <dd className="tabular" data-testid="raffle-entries">
              {r.entries}
            </dd>
          </div>
        </dl>
        {r.myTicket !== null ? (
          <p className={styles.ticket} data-testid="raffle-ticket">
            {t('rf_your_ticket', { ticket: r.myTicket })}
          </p>
        ) : null}
        {r.phase === 'DRAWN' ? <Results r={r} /> : null}
        {r.phase === 'OPEN' && r.myTicket === null ? (
          <Button
            className={styles.enter}
            disabled={enter.isPending}
            onClick={() => (loggedIn ? enter.mutate(r.id) : gate())}
            data-testid="raffle-enter"
          >
            {t('rf_enter')}
          </Button>
        ) : null}
        {enter.error ? (
          <p className={styles.refusal} role="alert">
            {isApiError(enter.error) ? enter.error.message : t('rf_error')}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function Results({ r }: { r: Raffle }) {
  const { t } = useTypedTranslation(RAFFLES_NS);
  const { money } = useFormat();
  const [open, setOpen] = useState(false);
  const proof = useRaffleDraw(r.id, open);
  return (
    <div className={styles.results}>
      {r.myWin > 0 ? (
        <p className={styles.won} data-testid="raffle-my-win">
          {t('rf_you_won', { amount: money(r.myWin) })}
        </p>
      ) : r.myTicket !== null ? (
        <p className={styles.notWon}>{t('rf_not_won')}</p>
      ) : null}
      {r.winners.length ? (
        <table className={styles.winners} data-testid="raffle-winners">
          <caption>{t('rf_winners')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rf_col_place')}</th>
              <th scope="col">{t('rf_col_account')}</th>
              <th scope="col">{t('rf_col_ticket')}</th>
              <th scope="col">{t('rf_col_prize')}</th>
            </tr>
          </thead>
          <tbody>
            {r.winners.map((w) => (
              <tr key={w.place} data-me={w.me || undefined}>
                <td className="tabular">{w.place}</td>
                <td>{w.me ? t('rf_you', { account: w.account }) : w.account}</td>
                <td className="tabular">#{w.ticket}</td>
                <td className="tabular">{money(w.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.notWon}>{t('rf_no_entries')}</p>
      )}
      <details className={styles.proof} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('rf_proof')}</summary>
        <p>{t('rf_proof_text')}</p>
        <dl>
          <dt>{t('rf_seed_hash')}</dt>
          <dd className={styles.hash}>{r.seedHash}</dd>
          <dt>{t('rf_seed')}</dt>
          <dd className={styles.hash}>{r.seed}</dd>
          <dt>{t('rf_entries_hash')}</dt>
          <dd className={styles.hash}>{r.entriesHash}</dd>
          {proof.data ? (
            <>
              <dt>{t('rf_tickets')}</dt>
              <dd className={styles.hash}>{proof.data.tickets.join(', ') || '—'}</dd>
            </>
          ) : null}
        </dl>
      </details>
    </div>
  );
}
