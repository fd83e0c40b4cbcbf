import { useState, type FormEvent } from 'react';
import type { ReferralStatus } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatMoney } from '../../shared/i18n/money.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { UsersIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { QrCode } from '../../shared/ui/qr-code.tsx';
import { INVITEES_PAGE_SIZE, useBindReferral, useReferralInvitees, useReferralSummary } from './api.ts';
import styles from './referral.module.css';

const NS = 'pages';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTypedTranslation(NS);
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.copyRow}>
      <span className={styles.copyLabel}>{label}</span>
      <span className={styles.copyValue} data-testid={testId}>
        {value}
      </span>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          void copy(value).then((ok) => {
            setCopied(ok);
            if (ok) setTimeout(() => setCopied(false), 2000);
          })
        }
      >
        {copied ? t('ref_copied') : t('ref_copy')}
      </Button>
    </div>
  );
}

const statusKey = {
  PENDING: 'ref_status_pending',
  QUALIFIED: 'ref_status_qualified',
  REWARDED: 'ref_status_rewarded',
} as const satisfies Record<ReferralStatus, string>;

function Invitees() {
  const { t, i18n } = useTypedTranslation(NS);
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch } = useReferralInvitees(page);
  const money = (n: number) => formatMoney(n, { language: i18n.language });
  if (isPending) return <LoadingState minHeight={120} />;
  if (error) return <ErrorState message={errorText(error, t)} onRetry={() => void refetch()} />;
  if (!data.content.length)
    return (
      <EmptyState icon={<UsersIcon size={28} />} title={t('ref_friends_empty_title')} minHeight={120}>
        {t('ref_friends_empty_text')}
      </EmptyState>
    );
  return (
    <>
      <table className={styles.table} data-testid="referral-invitees">
        <thead>
          <tr>
            <th scope="col">{t('ref_col_friend')}</th>
            <th scope="col">{t('ref_col_registered')}</th>
            <th scope="col" className={styles.num}>
              {t('ref_col_deposit')}
            </th>
            <th scope="col" className={styles.num}>
              {t('ref_col_bets')}
            </th>
            <th scope="col">{t('ref_col_status')}</th>
            <th scope="col" className={styles.num}>
              {t('ref_col_reward')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.content.map((f) => (
            <tr key={`${f.username}-${f.registeredAt}`}>
              <td data-label={t('ref_col_friend')}>{f.username}</td>
              <td data-label={t('ref_col_registered')}>
                {new Date(f.registeredAt).toLocaleDateString(i18n.language)}
              </td>
              <td data-label={t('ref_col_deposit')} className={`${styles.num} tabular`}>
                {money(f.firstDeposit)}
              </td>
              <td data-label={t('ref_col_bets')} className={`${styles.num} tabular`}>
                {money(f.validBet)}
              </td>
              <td data-label={t('ref_col_status')}>
                <span className={styles.status} data-status={f.status}>
                  {t(statusKey[f.status])}
                </span>
              </td>
              <td data-label={t('ref_col_reward')} className={`${styles.num} tabular`}>
                {f.reward ? money(f.reward) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.totalPages > 1 ? (
        <div className={styles.pager}>
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('ref_prev')}
          </Button>
          <span className="tabular">
            {page} / {data.totalPages}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={page >= data.totalPages || data.content.length < INVITEES_PAGE_SIZE}
            onClick={() => setPage(page + 1)}
          >
            {t('ref_next')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function BindForm() {
  const { t } = useTypedTranslation(NS);
  const [code, setCode] = useState('');
  const bind = useBindReferral();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) bind.mutate(code.trim());
  };
  return (
    <form className={styles.bind} onSubmit={submit} data-testid="referral-bind">
      <TextField
        label={t('ref_bind_label')}
        hint={t('ref_bind_hint')}
        value={code}
        maxLength={20}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
      />
      <BusyButton busy={bind.isPending} type="submit" disabled={!code.trim()}>
        {t('ref_bind_submit')}
      </BusyButton>
      {bind.error ? <FormAlert>{errorText(bind.error, t)}</FormAlert> : null}
    </form>
  );
}

/** The member centre's invite-friends page (decision 043). */
export function ReferralPage() {
  const { t, i18n } = useTypedTranslation(NS);
  const { data, error, isPending, refetch } = useReferralSummary();
  const money = (n: number) => formatMoney(n, { language: i18n.language });
  if (isPending) return <LoadingState minHeight={360} />;
  if (error)
    return <ErrorState message={errorText(error, t)} onRetry={() => void refetch()} minHeight={360} />;
  return (
    <div className={styles.page} data-testid="referral-page">
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.lead}>
            {t('ref_lead', {
              reward: money(data.terms.reward),
              deposit: money(data.terms.minFirstDeposit),
              bets: money(data.terms.minValidBet),
            })}
          </p>
          <CopyField label={t('ref_code')} value={data.code} testId="referral-code" />
          <CopyField label={t('ref_link')} value={data.link} testId="referral-link" />
          <ol className={styles.steps}>
            <li>{t('ref_step_share')}</li>
            <li>{t('ref_step_register')}</li>
            <li>
              {t('ref_step_qualify', {
                deposit: money(data.terms.minFirstDeposit),
                bets: money(data.terms.minValidBet),
              })}
            </li>
          </ol>
        </div>
        <div className={styles.qr}>
          <QrCode kind="REFERRAL" code={data.code} size={152} label={t('ref_qr_label')} />
          <span className={styles.qrCaption}>{t('ref_qr_caption')}</span>
        </div>
      </section>
      <dl className={styles.figures}>
        <div>
          <dt>{t('ref_invited')}</dt>
          <dd className="tabular" data-testid="referral-invited">
            {data.invited}
          </dd>
        </div>
        <div>
          <dt>{t('ref_qualified')}</dt>
          <dd className="tabular">{data.qualified}</dd>
        </div>
        <div>
          <dt>{t('ref_earned')}</dt>
          <dd className={`tabular ${styles.earned}`} data-testid="referral-earned">
            {money(data.earned)}
          </dd>
        </div>
      </dl>
      <h4 className={styles.subhead}>{t('ref_friends')}</h4>
      <Invitees />
      {data.canBind ? <BindForm /> : null}
    </div>
  );
}
