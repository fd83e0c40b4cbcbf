import { z } from 'zod';
import { defineCall } from './call.ts';

export const WalletBalanceSchema = z.object({
  walletType: z.string(),
  /** Major units, at most the currency's precision in decimals. */
  balance: z.number(),
});

export const BalanceSchema = z.object({
  /** The sum of the member's wallets in major units (spec B §3). */
  sumBalance: z.number(),
  currency: z.string(),
  precision: z.number().int(),
  wallets: z.array(WalletBalanceSchema),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const getBalance = defineCall({
  id: 'getBalance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET',
  token: true,
  summary: 'The member balance from the ledger: sumBalance and each wallet',
  response: BalanceSchema,
});
