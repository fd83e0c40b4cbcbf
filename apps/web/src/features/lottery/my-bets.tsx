import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { LotteryOrderStatus, type LotteryOrder } from '@app/contract';
import { formatTimeOfDay } from '../../shared/format/date.ts';
import { errorText } from '../../shared/forms/error-text.ts';
import { useSession } from '../../shared/session/session.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChevronDownIcon, ListIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { useCancelOrders, useTodayOrders } from './api.ts';
import { readableContent } from './client/bet-slip.tsx';
import { PagedFrame } from './paged-frame.tsx';
import { dataKey, LOTTERY_NS } from './strings.ts';
import styles from './my-bets.module.css';
import { formatMoney } from '../../shared/i18n/money.ts';
import { Ltr, ltrMessage } from '../../shared/ui/ltr.tsx';

const PAGE_SIZE = 10;

/** A status code's name key (research §1: 2, 4, 5, 6, 7, 8, 12, 14, 16). */
export const statusKey = (code: number) => dataKey(`status_${code}`);

/**
 * My bets: today's orders, newest first, each with its play, content, numero (or chase range),
 * stake, win and status; a chase opens its numeros; what is still waiting can be cancelled where
 * the game allows drawback. Waiting orders refresh on their own until they are drawn.
 */
export function MyBets({ gameId }: { gameId?: number }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const token = useSession((s) => s.token);
  const gate = useGate();
  const [page, setPage] = useState(1);
  const orders = useTodayOrders(page, PAGE_SIZE, gameId);

  if (!token)
    return (
      <EmptyState icon={<UserIcon />} title={t('bets_login')}>
        <Button onClick={() => gate()}>{t('log_in')}</Button>
      </EmptyState>
    );
  return (
    <PagedFrame
      query={orders}
      page={page}
      onPage={setPage}
      className={styles.list}
      labelClassName={styles.muted}
      testId="my-bets"
      skeleton={{ rows: 4, height: 72 }}
      empty={{ icon: <ListIcon />, title: t('bets_empty') }}
    >
      {(content) => content.map((o) => <OrderCard key={o.orderMasterId} order={o} />)}
    </PagedFrame>
  );
}

function StatusChip({ code }: { code: number }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const tone =
    code === LotteryOrderStatus.won
      ? 'won'
      : code === LotteryOrderStatus.lost
        ? 'lost'
        : code === LotteryOrderStatus.inProgress
          ? 'wait'
          : 'off';
  return (
    <span className={styles.chip} data-tone={tone} data-testid="order-status">
      {t(statusKey(code), { defaultValue: String(code) })}
    </span>
  );
}

function OrderCard({ order }: { order: LotteryOrder }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrders();
  const [error, setError] = useState<string | null>(null);
  const waiting = order.orderDetailOrders.filter((d) => d.orderStatus === LotteryOrderStatus.inProgress);
  const isChase = order.totalChase > 1;
  const doCancel = (body: { orderMasterId: number } | { orderDetailIds: number[] }) => {
    setError(null);
    cancel.mutate(body, { onError: (e) => setError(errorText(e, t)) });
  };
  return (
    <article className={styles.card} data-testid="order" data-order={order.orderNumber}>
      <div className={styles.cardMain}>
        <div className={styles.cardTitle}>
          <strong>{order.gameName}</strong>
          <span className={styles.muted}>{order.playName}</span>
        </div>
        <div className={styles.content}>{readableContent(order.betContent)}</div>
        <div className={styles.meta}>
          <Ltr className={styles.mono}>{order.orderNumber}</Ltr>
          <span>
            {isChase
              ? ltrMessage(
                  t,
                  'chase_range',
                  { from: order.numero, to: order.chaseEndNumero },
                  { done: order.actualChase, total: order.totalChase },
                )
              : ltrMessage(t, 'numero_no', { numero: order.numero })}
          </span>
          <span>{formatTimeOfDay(order.betTime)}</span>
        </div>
      </div>
      <div className={styles.figures}>
        <span className={styles.figure}>
          <span className={styles.muted}>{t('stake')}</span>
          <span className={styles.money}>{formatMoney(order.betAmount)}</span>
        </span>
        <span className={styles.figure}>
          <span className={styles.muted}>{t('win')}</span>
          <span
            className={styles.money}
            data-won={order.winAmount > 0 ? '' : undefined}
            data-testid="order-win"
          >
            {formatMoney(order.winAmount)}
          </span>
        </span>
        <StatusChip code={order.status} />
      </div>
      <div className={styles.actions}>
        {order.cancellable && waiting.length ? (
          <Button
            variant="danger"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => doCancel({ orderMasterId: order.orderMasterId })}
          >
            {isChase ? t('cancel_remaining', { count: waiting.length }) : t('cancel_bet')}
          </Button>
        ) : null}
        {order.orderDetailOrders.length > 1 || isChase ? (
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('details')} <ChevronDownIcon size={14} className={open ? styles.flip : undefined} />
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <table className={styles.details}>
          <thead>
            <tr>
              <th scope="col">{t('col_numero')}</th>
              <th scope="col">{t('multiple')}</th>
              <th scope="col" className={styles.right}>
                {t('stake')}
              </th>
              <th scope="col">{t('col_result')}</th>
              <th scope="col" className={styles.right}>
                {t('win')}
              </th>
              <th scope="col">{t('col_status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('cancel_bet')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.orderDetailOrders.map((d) => (
              <tr key={d.orderDetailId}>
                <td className={styles.mono}>
                  <Ltr>{d.numero}</Ltr>
                </td>
                <td>×{d.multiple}</td>
                <td className={`${styles.right} ${styles.money}`}>
                  <Ltr>{formatMoney(d.bettingSumAmount)}</Ltr>
                </td>
                <td className={styles.mono}>
                  <Ltr>{d.winningNumber || '—'}</Ltr>
                </td>
                <td className={`${styles.right} ${styles.money}`}>
                  <Ltr>{formatMoney(d.winningAmount)}</Ltr>
                </td>
                <td>
                  <StatusChip code={d.orderStatus} />
                </td>
                <td>
                  {order.cancellable && d.orderStatus === LotteryOrderStatus.inProgress ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={cancel.isPending}
                      onClick={() => doCancel({ orderDetailIds: [d.orderDetailId] })}
                    >
                      {t('cancel_bet')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}
