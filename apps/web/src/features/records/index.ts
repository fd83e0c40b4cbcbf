import type { ComponentType } from 'react';
import { withRecordsStrings } from './strings.ts';

/**
 * The records pages of the member centre (RM-01..RM-04), by the page key of spec A §2. Each is a
 * lazy chunk that waits for its strings.
 */
export const recordPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  personalHistoryCopy: () =>
    withRecordsStrings(import('./bet-records-page.tsx')).then((m) => ({ default: m.BetRecordsPage })),
  transactionHistory: () =>
    withRecordsStrings(import('./account-records-page.tsx')).then((m) => ({ default: m.AccountRecordsPage })),
  personalProfit: () =>
    withRecordsStrings(import('./profit-loss-page.tsx')).then((m) => ({ default: m.ProfitLossPage })),
  bonusDetails: () =>
    withRecordsStrings(import('./bonus-details-page.tsx')).then((m) => ({ default: m.BonusDetailsPage })),
};
