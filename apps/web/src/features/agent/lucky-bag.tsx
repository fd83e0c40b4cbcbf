import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getDownlineTransfer,
  getLuckyBags,
  getLuckyBagShares,
  getTeam,
  LUCKY_BAG_HISTORY_DAYS,
  luckyBagModes,
  sendLuckyBag,
  TRANSFER_REMARK_MAX,
  type LuckyBagMode,
} from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { GiftIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { agentErrorText } from './errors.ts';
import { amountProblem, usePrecision } from './money-input.ts';
import { AGENT_STRINGS } from './strings.ts';
import {
  AGENT_KEY,
  AgentTable,
  Money,
  Pager,
  QueryBody,
  Segmented,
  uiStyles as ui,
  useAgentQuery,
} from './ui.tsx';
import styles from './pages.module.css';
import { Isolate } from '../../shared/ui/ltr.tsx';

/** The recipients a bag can be picked from: the first page of each tab, enough for the usual team. */
function useDirectDownlines() {
  const players = useAgentQuery(getTeam, { tab: 'players', size: 100 });
  const agents = useAgentQuery(getTeam, { tab: 'agents', size: 100 });
  return {
    list: [...(agents.data?.list ?? []), ...(players.data?.list ?? [])].filter((m) => m.status === 1),
    isPending: players.isPending || agents.isPending,
  };
}

/** A lucky bag (research §8): all direct downlines or chosen ones, equal or random shares, fund password. */
function SendBagDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const client = useQueryClient();
  const info = useAgentQuery(getDownlineTransfer);
  const downlines = useDirectDownlines();
  const [who, setWho] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<number[]>([]);
  const [mode, setMode] = useState<LuckyBagMode>('EQUAL');
  const [total, setTotal] = useState('');
  const [password, setPassword] = useState('');
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const [key] = useState(() => `bag-${crypto.randomUUID()}`);
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof secureCall<typeof sendLuckyBag>>[1]) =>
      secureCall(sendLuckyBag, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: AGENT_KEY });
      void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    },
  });
  return (
    <Modal onClose={onClose} title={t('agent_lucky_bag_send')} width={560} height="auto">
      <div className={ui.dialogBody} data-testid="agent-lucky-bag-dialog">
        <QueryBody query={info} loading={<p className={ui.note}>…</p>}>
          {(i) => {
            if (mutation.isSuccess)
              return (
                <div className={ui.form} data-testid="agent-lucky-bag-done">
                  <p className={ui.success}>
                    {t('agent_lucky_bag_sent', { count: mutation.data.shares.length })}
                  </p>
                  <AgentTable
                    caption={t('agent_lucky_bag_shares')}
                    rows={mutation.data.shares}
                    rowKey={(s) => s.userId}
                    columns={[
                      { key: 'user', label: t('agent_username'), render: (s) => s.username },
                      {
                        key: 'amount',
                        label: t('agent_col_amount'),
                        numeric: true,
                        render: (s) => <Money value={s.amount} />,
                      },
                    ]}
                  />
                  <div className={ui.actions}>
                    <Button onClick={onClose}>{t('in_increase_submit')}</Button>
                  </div>
                </div>
              );
            const problem = amountProblem(total, precision, i.available, t);
            const noneChosen = who === 'chosen' && chosen.length === 0;
            const needPassword = i.hasPaymentPassword && !password;
            const submit = (e: FormEvent) => {
              e.preventDefault();
              setTried(true);
              if (problem || noneChosen || needPassword) return;
              mutation.mutate({
                body: {
                  recipients: who === 'all' ? 'all' : chosen,
                  mode,
                  total: total.trim(),
                  ...(i.hasPaymentPassword ? { paymentPassword: password } : {}),
                  ...(remark.trim() ? { remark: remark.trim() } : {}),
                  idempotencyKey: key,
                },
              });
            };
            return (
              <form className={ui.form} onSubmit={submit} noValidate>
                <dl className={ui.facts}>
                  <dt>{t('agent_available')}</dt>
                  <dd>
                    <Money value={i.available} />
                  </dd>
                </dl>
                <div className={ui.field}>
                  <span className={ui.fieldLabel}>{t('agent_lucky_bag_recipients')}</span>
                  <Segmented
                    label={t('agent_lucky_bag_recipients')}
                    options={[
                      { key: 'all', label: t('agent_lucky_bag_all') },
                      { key: 'chosen', label: t('agent_lucky_bag_choose') },
                    ]}
                    value={who}
                    onChange={setWho}
                  />
                </div>
                {who === 'chosen' ? (
                  <fieldset className={styles.pickList} aria-label={t('agent_lucky_bag_choose')}>
                    {downlines.isPending ? <p className={ui.note}>…</p> : null}
                    {downlines.list.map((m) => (
                      <label key={m.userId} className={styles.pick}>
                        <input
                          type="checkbox"
                          checked={chosen.includes(m.userId)}
                          onChange={(e) =>
                            setChosen((c) =>
                              e.target.checked ? [...c, m.userId] : c.filter((id) => id !== m.userId),
                            )
                          }
                        />
                        <Isolate>{m.username}</Isolate>
                        {m.remark ? <small>{m.remark}</small> : null}
                      </label>
                    ))}
                    {!downlines.isPending && downlines.list.length === 0 ? (
                      <p className={ui.note}>{t('agent_team_empty_title')}</p>
                    ) : null}
                    {tried && noneChosen ? (
                      <span className={ui.fieldError}>{t('agent_lucky_bag_pick_one')}</span>
                    ) : null}
                  </fieldset>
                ) : null}
                <div className={ui.field}>
                  <span className={ui.fieldLabel}>{t('agent_lucky_bag_mode')}</span>
                  <Segmented
                    label={t('agent_lucky_bag_mode')}
                    options={luckyBagModes.map((m) => ({ key: m, label: t(`agent_lucky_bag_${m}`) }))}
                    value={mode}
                    onChange={setMode}
                  />
                </div>
                <div className={ui.formGrid}>
                  <label className={ui.field}>
                    <span className={ui.fieldLabel}>{t('agent_lucky_bag_total')}</span>
                    <input
                      className={ui.input}
                      inputMode="decimal"
                      value={total}
                      onChange={(e) => setTotal(e.target.value)}
                      aria-invalid={(tried && !!problem) || undefined}
                      data-testid="agent-lucky-bag-total"
                    />
                    {tried && problem ? <span className={ui.fieldError}>{problem}</span> : null}
                  </label>
                  {i.hasPaymentPassword ? (
                    <label className={ui.field}>
                      <span className={ui.fieldLabel}>{t('agent_fund_password')}</span>
                      <input
                        className={ui.input}
                        type="password"
                        autoComplete="off"
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                      />
                      {tried && needPassword ? (
                        <span className={ui.fieldError}>{t('agent_required')}</span>
                      ) : null}
                    </label>
                  ) : null}
                </div>
                <label className={ui.field}>
                  <span className={ui.fieldLabel}>{t('agent_col_remark')}</span>
                  <input
                    className={ui.input}
                    value={remark}
                    maxLength={TRANSFER_REMARK_MAX}
                    onChange={(e) => setRemark(e.target.value)}
                  />
                </label>
                {mutation.isError ? (
                  <p className={ui.alert} role="alert">
                    {agentErrorText(mutation.error, t)}
                  </p>
                ) : null}
                <div className={ui.actions}>
                  <BusyButton
                    busy={mutation.isPending}
                    type="submit"
                    disabled={mutation.isPending}
                    data-testid="agent-lucky-bag-submit"
                  >
                    {t('agent_lucky_bag_send')}
                  </BusyButton>
                </div>
              </form>
            );
          }}
        </QueryBody>
      </div>
    </Modal>
  );
}

function SharesDialog({ bagId, onClose }: { bagId: number; onClose: () => void }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const query = useAgentQuery(getLuckyBagShares, { bagId });
  return (
    <Modal onClose={onClose} title={t('agent_lucky_bag_shares')} width={460} height="auto">
      <div className={ui.dialogBody}>
        <QueryBody query={query}>
          {(b) => (
            <AgentTable
              caption={t('agent_lucky_bag_shares')}
              rows={b.shares}
              rowKey={(s) => s.userId}
              columns={[
                { key: 'user', label: t('agent_username'), render: (s) => s.username },
                {
                  key: 'amount',
                  label: t('agent_col_amount'),
                  numeric: true,
                  render: (s) => <Money value={s.amount} />,
                },
              ]}
              total={{ label: t('agent_total'), cells: { amount: <Money value={b.total} /> } }}
            />
          )}
        </QueryBody>
      </div>
    </Modal>
  );
}

/** The lucky bags tab: send one, and the bags of the last 90 days with their shares. */
export function LuckyBags() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState(false);
  const [shares, setShares] = useState<number | null>(null);
  const query = useAgentQuery(getLuckyBags, { page, size: 20 });
  return (
    <div className={ui.page} data-testid="agent-lucky-bags">
      <div className={ui.toolbar}>
        <p className={ui.note}>{t('agent_lucky_bag_history', { days: LUCKY_BAG_HISTORY_DAYS })}</p>
        <Button size="sm" onClick={() => setSending(true)} data-testid="agent-lucky-bag-open">
          <GiftIcon size={16} /> {t('agent_lucky_bag_send')}
        </Button>
      </div>
      <QueryBody
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={{
          title: t('agent_lucky_bag_empty_title'),
          text: t('agent_lucky_bag_empty_text'),
          icon: <GiftIcon size={28} />,
        }}
      >
        {(d) => (
          <>
            <AgentTable
              caption={t('agent_tab_lucky_bags')}
              rows={d.list}
              rowKey={(b) => b.bagId}
              columns={[
                {
                  key: 'time',
                  label: t('agent_col_time'),
                  render: (b) => <time className={ui.time}>{formatNoticeDate(b.createdAt)}</time>,
                },
                { key: 'ref', label: t('agent_col_reference'), render: (b) => b.reference },
                {
                  key: 'mode',
                  label: t('agent_lucky_bag_mode'),
                  render: (b) => t(`agent_lucky_bag_${b.mode}`),
                },
                {
                  key: 'recipients',
                  label: t('agent_lucky_bag_recipients'),
                  numeric: true,
                  render: (b) => b.recipients,
                },
                {
                  key: 'total',
                  label: t('agent_lucky_bag_total'),
                  numeric: true,
                  render: (b) => <Money value={b.total} />,
                },
                {
                  key: 'shares',
                  label: t('agent_col_actions'),
                  render: (b) => (
                    <button type="button" className={ui.linkButton} onClick={() => setShares(b.bagId)}>
                      {t('agent_lucky_bag_shares')}
                    </button>
                  ),
                },
              ]}
            />
            <Pager page={d.page} size={d.size} total={d.total} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </QueryBody>
      {sending ? <SendBagDialog onClose={() => setSending(false)} /> : null}
      {shares !== null ? <SharesDialog bagId={shares} onClose={() => setShares(null)} /> : null}
    </div>
  );
}
