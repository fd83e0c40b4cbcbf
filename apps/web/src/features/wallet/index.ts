import type { ComponentType } from 'react';
import { withWalletStrings } from './strings.ts';

/** The money pages of the member centre (WD-01…WD-04), each a lazy chunk with its strings. */
export const walletPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  depositv2: () => withWalletStrings(import('./deposit-page.tsx')).then((m) => ({ default: m.DepositPage })),
  withdraw: () => withWalletStrings(import('./withdraw-page.tsx')).then((m) => ({ default: m.WithdrawPage })),
  transferFund: () =>
    withWalletStrings(import('./transfer-page.tsx')).then((m) => ({ default: m.TransferPage })),
  transferUpline: () =>
    withWalletStrings(import('./upline-page.tsx')).then((m) => ({ default: m.UplinePage })),
};

/** The merchant's wallets (GCS_merchantWallet, cached in session storage): their names for other pages. */
export { useMerchantWallet } from './api.ts';
