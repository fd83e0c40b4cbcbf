import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { ProfitLossRow } from '@app/contract';
import { useProfitLoss } from './api.ts';
import { type Column, DataTable, Money } from '../../shared/ui/table.tsx';
import { RecordsBody, RecordsToolbar, Summary, useRangeChoice } from './records-ui.tsx';
import { RECORDS_NS } from './strings.ts';
import styles from './records.module.css';
import table from '../../shared/ui/table.module.css';

/** Personal profit and loss (personalProfit, RM-03): settled bets by product, with deposits, withdrawals and bonuses. */
export function ProfitLossPage() {
  const { t } = useTypedTranslation(RECORDS_NS);
  const { choice, setChoice, range } = useRangeChoice();
  const query = useProfitLoss(range);

  const columns: Column<ProfitLossRow>[] = [
    {
      key: 'product',
      label: t('records_product'),
      render: (p) => <strong>{t(`product_${p.product}`)}</strong>,
    },
    {
      key: 'count',
      label: t('records_col_bets'),
      numeric: true,
      render: (p) => <span className={table.money}>{p.betCount}</span>,
    },
    { key: 'bet', label: t('records_col_bet'), numeric: true, render: (p) => <Money value={p.betAmount} /> },
    {
      key: 'valid',
      label: t('records_col_valid_bet'),
      numeric: true,
      render: (p) => <Money value={p.validBet} />,
    },
    {
      key: 'payout',
      label: t('records_col_payout'),
      numeric: true,
      render: (p) => <Money value={p.payout} />,
    },
    {
      key: 'winloss',
      label: t('records_col_win_loss'),
      numeric: true,
      render: (p) => <Money value={p.winLoss} signed tone />,
    },
  ];

  return (
    <div className={styles.page} data-testid="profit-loss">
      <RecordsToolbar choice={choice} onChoice={setChoice} exportQuery={{ kind: 'profit', ...range }} />
      <RecordsBody query={query} isEmpty={() => false} emptyTitle="" emptyText="">
        {(d) => (
          <>
            <div className={styles.profitHero}>
              <span>{t('records_profit')}</span>
              <strong className={styles.profitValue} data-testid="profit-total">
                <Money value={d.totals.profit} signed tone />
              </strong>
              <small>{t('records_profit_hint')}</small>
            </div>
            <Summary
              items={[
                { label: t('records_col_win_loss'), value: <Money value={d.totals.winLoss} signed tone /> },
                { label: t('records_bonus'), value: <Money value={d.totals.bonus} signed tone /> },
                {
                  label: t('records_deposit'),
                  value: <Money value={d.totals.deposit} />,
                  testId: 'pl-deposit',
                },
                { label: t('records_withdraw'), value: <Money value={d.totals.withdraw} /> },
              ]}
            />
            {d.products.length ? (
              <DataTable
                caption={t('in_personal_loss')}
                columns={columns}
                rows={d.products}
                rowKey={(p) => p.product}
              />
            ) : (
              <p className={styles.note} data-testid="records-empty">
                {t('records_profit_no_bets')}
              </p>
            )}
          </>
        )}
      </RecordsBody>
    </div>
  );
}
