import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  rgExclusions,
  rgMoneyKinds,
  rgPeriods,
  rgRealityCheckMinutes,
  rgTimeOuts,
  type RgDuration,
  type RgMoneyKind,
  type RgPeriod,
} from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TypedT } from '../../shared/i18n/keys.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ShieldIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import {
  useCancelPending,
  useRgSettings,
  useRgStatement,
  useSetLimit,
  useSetSession,
  useStartBlock,
  useEndSession,
} from './api.ts';
import styles from './responsible.module.css';

/**
 * /responsible (issue 33, decision 039): the player's own tools: deposit, loss and wager limits
 * (a lower one at once, a higher one after 24 hours, a pending raise shown and cancellable), the
 * session limit and the reality check, a time-out or self-exclusion (every session ends), and the
 * activity statement. The footer's "Responsible gaming" article leads here.
 */
export function ResponsiblePage() {
  const { t } = useTypedTranslation('pages');
  const loggedIn = useIsLoggedIn();
  return (
    <Page>
      <PageHeader icon={<ShieldIcon size={26} />} title={t('rg_title')} subtitle={t('rg_subtitle')} />
      {loggedIn ? (
        <Tools />
      ) : (
        <Section>
          <p className={styles.lead}>{t('rg_login_first')}</p>
          <Link to="/login" className={styles.link}>
            {t('rg_login')}
          </Link>
        </Section>
      )}
    </Page>
  );
}

const when = (ms: number, language: string) =>
  new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

function Tools() {
  const { t, i18n } = useTypedTranslation('pages');
  const settings = useRgSettings();
  const cancel = useCancelPending();
  if (settings.isLoading) return <LoadingState />;
  if (settings.isError || !settings.data)
    return <ErrorState message={errorText(settings.error, t)} onRetry={() => void settings.refetch()} />;
  const s = settings.data;
  return (
    <>
      <Section title={t('rg_limits')} id="rg-limits">
        <p className={styles.lead}>{t('rg_limits_lead')}</p>
        {s.limits.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="rg-limits">
              <thead>
                <tr>
                  <th scope="col">{t('rg_limit')}</th>
                  <th scope="col">{t('rg_amount')}</th>
                  <th scope="col">{t('rg_used')}</th>
                  <th scope="col">{t('rg_pending')}</th>
                </tr>
              </thead>
              <tbody>
                {s.limits.map((l) => (
                  <tr key={`${l.kind}-${l.period}`} data-testid={`rg-limit-${l.kind}-${l.period}`}>
                    <td>
                      {t(`rg_kind_${l.kind}`)} · {t(`rg_period_${l.period}`)}
                    </td>
                    <td className="tabular">{formatMoney(l.amount)}</td>
                    <td className="tabular">{formatMoney(l.used)}</td>
                    <td>
                      {l.pending ? (
                        <span className={styles.pending}>
                          {t('rg_pending_from', {
                            amount:
                              l.pending.amount === null ? t('rg_no_limit') : formatMoney(l.pending.amount),
                            date: when(l.pending.from, i18n.language),
                          })}{' '}
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => cancel.mutate({ kind: l.kind, period: l.period })}
                          >
                            {t('rg_cancel')}
                          </Button>
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.muted}>{t('rg_no_limits')}</p>
        )}
        <LimitForm />
      </Section>

      <Section title={t('rg_session')} id="rg-session">
        <SessionForm minutes={s.sessionLimit?.minutes ?? null} reality={s.realityCheckMinutes} />
        {s.sessionLimit?.pending ? (
          <p className={styles.pending}>
            {t('rg_pending_from', {
              amount: s.sessionLimit.pending.minutes ?? t('rg_no_limit'),
              date: when(s.sessionLimit.pending.from, i18n.language),
            })}
          </p>
        ) : null}
      </Section>

      <Section title={t('rg_break')} id="rg-break">
        <BlockForm />
      </Section>

      <Section title={t('rg_statement')} id="rg-statement">
        <Statement />
      </Section>
    </>
  );
}

function LimitForm() {
  const { t } = useTypedTranslation('pages');
  const [kind, setKind] = useState<RgMoneyKind>('deposit');
  const [period, setPeriod] = useState<RgPeriod>('day');
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState(false);
  const set = useSetLimit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    set.mutate(
      { kind, period, amount: amount.trim() === '' ? null : amount.trim() },
      { onSuccess: () => setDone(true) },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('rg_set_limit')}>
      <label className={styles.field}>
        <span>{t('rg_limit')}</span>
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as RgMoneyKind)}>
          {rgMoneyKinds.map((k) => (
            <option key={k} value={k}>
              {t(`rg_kind_${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{t('rg_period')}</span>
        <select name="period" value={period} onChange={(e) => setPeriod(e.target.value as RgPeriod)}>
          {rgPeriods.map((p) => (
            <option key={p} value={p}>
              {t(`rg_period_${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>{t('rg_amount')}</span>
        <input
          name="amount"
          inputMode="decimal"
          value={amount}
          placeholder={t('rg_amount_hint')}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <Button type="submit" disabled={set.isPending}>
          {t('rg_save')}
        </Button>
      </div>
      {set.isError ? (
        <p className={styles.error} role="alert">
          {errorText(set.error, t)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.ok} role="status">
          {t('rg_saved')}
        </p>
      ) : null}
    </form>
  );
}

function SessionForm({ minutes, reality }: { minutes: number | null; reality: number | null }) {
  const { t } = useTypedTranslation('pages');
  const [limit, setLimit] = useState(minutes === null ? '' : String(minutes));
  const [check, setCheck] = useState(reality === null ? '' : String(reality));
  const [done, setDone] = useState(false);
  const set = useSetSession();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    set.mutate(
      {
        sessionLimitMinutes: limit.trim() === '' ? null : Number(limit),
        realityCheckMinutes: check === '' ? null : Number(check),
      },
      { onSuccess: () => setDone(true) },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('rg_session')}>
      <label className={styles.field}>
        <span>{t('rg_session_limit')}</span>
        <input
          name="sessionLimit"
          inputMode="numeric"
          value={limit}
          placeholder={t('rg_minutes_hint')}
          onChange={(e) => setLimit(e.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span>{t('rg_reality_check')}</span>
        <select name="realityCheck" value={check} onChange={(e) => setCheck(e.target.value)}>
          <option value="">{t('rg_off')}</option>
          {rgRealityCheckMinutes.map((m) => (
            <option key={m} value={m}>
              {t('rg_every_minutes', { count: m })}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.actions}>
        <Button type="submit" disabled={set.isPending}>
          {t('rg_save')}
        </Button>
      </div>
      {set.isError ? (
        <p className={styles.error} role="alert">
          {errorText(set.error, t)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.ok} role="status">
          {t('rg_saved')}
        </p>
      ) : null}
    </form>
  );
}

const unitKeys = { h: 'rg_hours', w: 'rg_weeks', m: 'rg_months', y: 'rg_years' } as const;

function durationLabel(d: RgDuration, t: TypedT<'pages'>) {
  const n = Number.parseInt(d, 10);
  // Every duration is a count and one of these units ('24h', '6m': rgTimeOuts, rgExclusions).
  const unit = d.slice(String(n).length) as keyof typeof unitKeys;
  return t(unitKeys[unit], { count: n });
}

function BlockForm() {
  const { t } = useTypedTranslation('pages');
  const [kind, setKind] = useState<'timeout' | 'exclusion'>('timeout');
  const [duration, setDuration] = useState<RgDuration>('24h');
  const [sure, setSure] = useState(false);
  const start = useStartBlock();
  const logout = useEndSession();
  const options = kind === 'timeout' ? rgTimeOuts : rgExclusions;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate({ kind, duration }, { onSuccess: () => logout.mutate() });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('rg_break')}>
      <p className={styles.lead}>{t('rg_break_lead')}</p>
      <label className={styles.field}>
        <span>{t('rg_break_kind')}</span>
        <select
          name="blockKind"
          value={kind}
          onChange={(e) => {
            const k = e.target.value as 'timeout' | 'exclusion';
            setKind(k);
            setDuration(k === 'timeout' ? '24h' : '6m');
            setSure(false);
          }}
        >
          <option value="timeout">{t('rg_timeout')}</option>
          <option value="exclusion">{t('rg_exclusion')}</option>
        </select>
      </label>
      <label className={styles.field}>
        <span>{t('rg_length')}</span>
        <select name="duration" value={duration} onChange={(e) => setDuration(e.target.value as RgDuration)}>
          {options.map((d) => (
            <option key={d} value={d}>
              {durationLabel(d, t)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" name="sure" checked={sure} onChange={(e) => setSure(e.target.checked)} />
        <span>{t(kind === 'timeout' ? 'rg_timeout_sure' : 'rg_exclusion_sure')}</span>
      </label>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={!sure || start.isPending}>
          {t(kind === 'timeout' ? 'rg_timeout_start' : 'rg_exclusion_start')}
        </Button>
      </div>
      {start.isError ? (
        <p className={styles.error} role="alert">
          {errorText(start.error, t)}
        </p>
      ) : null}
    </form>
  );
}

function Statement() {
  const { t, i18n } = useTypedTranslation('pages');
  const [period, setPeriod] = useState<RgPeriod>('day');
  const q = useRgStatement(period);
  const day = (ms: number) => new Date(ms).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <label className={`${styles.field} ${styles.statementPeriod}`}>
        <span>{t('rg_period')}</span>
        <select name="statementPeriod" value={period} onChange={(e) => setPeriod(e.target.value as RgPeriod)}>
          {rgPeriods.map((p) => (
            <option key={p} value={p}>
              {t(`rg_period_${p}`)}
            </option>
          ))}
        </select>
      </label>
      {q.isLoading ? <LoadingState /> : null}
      {q.data ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="rg-statement">
            <thead>
              <tr>
                <th scope="col">{t('rg_from')}</th>
                <th scope="col">{t('rg_deposits')}</th>
                <th scope="col">{t('rg_withdrawals')}</th>
                <th scope="col">{t('rg_bets')}</th>
                <th scope="col">{t('rg_wins')}</th>
                <th scope="col">{t('rg_net')}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((r) => (
                <tr key={r.from}>
                  <td>{day(r.from)}</td>
                  <td className="tabular">{formatMoney(r.deposits)}</td>
                  <td className="tabular">{formatMoney(r.withdrawals)}</td>
                  <td className="tabular">{formatMoney(r.bets)}</td>
                  <td className="tabular">{formatMoney(r.wins)}</td>
                  <td className="tabular">{formatMoney(r.net, { signed: true })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
