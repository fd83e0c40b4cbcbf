import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord, AccountRecords } from '@app/contract';
import recordsEn from '../../locales/records/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { AccountRecordsPage } from './account-records-page.tsx';
import { RECORDS_NS } from './strings.ts';

const row = (id: number, over: Partial<AccountRecord>): AccountRecord => ({
  id,
  reference: `REF${id}`,
  kind: 'DEPOSIT',
  type: 'DEPOSIT',
  walletType: 'MAIN',
  amount: 0,
  balanceAfter: 0,
  memo: '',
  time: 1_764_300_000_000 + id * 60_000,
  ...over,
});

const page = (content: AccountRecord[]): AccountRecords => ({
  content,
  page: 1,
  size: 10,
  totalElements: content.length,
  totalPages: 1,
  startTime: 1_764_000_000_000,
  endTime: 1_764_400_000_000,
  summary: {
    credit: content.filter((r) => r.amount > 0).reduce((s, r) => s + r.amount, 0),
    debit: content.filter((r) => r.amount < 0).reduce((s, r) => s + r.amount, 0),
  },
});

describe('account record page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', RECORDS_NS, recordsEn);
  });

  it('issue 28: a withdrawal reads as one outgoing row, "Withdrawal" −100.00 with its state (pending, paid, rejected), never as money in', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    // The server's answer for a deposit of 500 and three withdrawals: one row each, on the main wallet.
    const rows = [
      row(5, {
        kind: 'WITHDRAW_RELEASE',
        type: 'WITHDRAW',
        reference: 'WD00000003',
        amount: 50,
        balanceAfter: 350,
      }),
      row(4, {
        kind: 'WITHDRAW_HOLD',
        type: 'WITHDRAW',
        reference: 'WD00000003',
        amount: -50,
        balanceAfter: 300,
        status: 'REJECTED',
      }),
      row(3, {
        kind: 'WITHDRAW_HOLD',
        type: 'WITHDRAW',
        reference: 'WD00000002',
        amount: -50,
        balanceAfter: 350,
        status: 'PENDING',
      }),
      row(2, {
        kind: 'WITHDRAW_HOLD',
        type: 'WITHDRAW',
        reference: 'WD00000001',
        amount: -100,
        balanceAfter: 400,
        status: 'PAID',
      }),
      row(1, { kind: 'DEPOSIT', reference: 'D2611280001', amount: 500, balanceAfter: 500 }),
    ];
    stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/relay/ODSFE2_getAccountRecords': () => page(rows),
      '/wps/relay/GCS_merchantWallet': () => ({ isSingle: true, wallets: [] }),
    });
    renderShell(<AccountRecordsPage />);
    const table = await screen.findByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(5);
    const text = (i: number) => bodyRows[i]!.textContent!.replace(/\s+/g, ' ');

    const paid = text(3);
    expect(paid).toContain('Withdrawal');
    expect(paid).toContain('Paid');
    expect(paid).toContain('-100.00');
    expect(paid).toContain('400.00');
    expect(paid).not.toContain('+100.00');
    expect(paid).not.toContain('held');
    expect(text(2)).toContain('Pending');
    expect(text(1)).toContain('Rejected');
    // The money of the rejected request coming back is the one row that reads as money in.
    expect(text(0)).toContain('Withdrawal returned');
    expect(text(0)).toContain('+50.00');
    // Each state is a labelled chip of its row, and only withdrawals carry one.
    expect(
      screen.getAllByTestId('withdraw-record-status').map((c) => [c.textContent, c.dataset.status]),
    ).toEqual([
      ['Rejected', 'REJECTED'],
      ['Pending', 'PENDING'],
      ['Paid', 'PAID'],
    ]);
    expect(within(bodyRows[4]!).queryByTestId('withdraw-record-status')).toBeNull();
  });
});
