import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { localStore } from '../../shared/storage/storage.ts';
import { WalletIcon } from '../../shared/ui/icons.tsx';
import { useBalance } from './api.ts';
import { LOTTERY_NS } from './strings.ts';
import styles from './lottery.module.css';
import { formatMoney } from '../../shared/i18n/money.ts';

/**
 * The member's balance where the lottery pages show it (their header has none: decision D3), live
 * from the member bar's cache; `***` while the member has hidden it with the bar's eye (MB-08,
 * the bar's `balanceHidden` key). Nothing for a visitor.
 */
export function LotteryBalance({ className = '' }: { className?: string }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const { data } = useBalance();
  if (!data) return null;
  return (
    <p className={`${styles.balance} ${className}`} data-testid="lottery-balance">
      <WalletIcon size={16} />
      {t('balance')}
      <strong>
        {localStore.get('balanceHidden') === '1'
          ? '***'
          : `${data.currencySymbol}${formatMoney(data.sumBalance)}`}
      </strong>
    </p>
  );
}
