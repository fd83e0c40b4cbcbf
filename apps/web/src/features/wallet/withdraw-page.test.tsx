import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import walletEn from '../../locales/wallet/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { WithdrawPage } from './withdraw-page.tsx';

const account = (id: number, last4: string) => ({
  id,
  bankCode: 'VCB',
  bankName: 'Vietcombank',
  countryCode: 'VN',
  payeeName: 'Nguyen Van An',
  accountNumber: `**** ${last4}`,
  branch: '',
  createdAt: 1_700_000_000_000 + id,
});

const settings = (bankAccounts: ReturnType<typeof account>[]) => ({
  currency: 'VND',
  precision: 2,
  minAmount: 10,
  maxAmount: 50_000,
  dailyCount: 5,
  usedToday: 0,
  autoConfirmMinutes: 30,
  availableBalance: 1_000,
  hasPaymentPassword: true,
  bankAccounts,
});

const profile = (bankAccount: ReturnType<typeof account> | null) => ({
  nickname: 'An',
  fullName: 'Nguyen Van An',
  telegram: null,
  zalo: null,
  birthday: null,
  address: null,
  nationality: null,
  occupation: null,
  sourceOfIncome: null,
  placeOfBirth: null,
  locked: ['fullName'],
  bankAccount,
});

const common = {
  '/wps/system/status': () => systemStatus(),
  '/wps/withdraw/list': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
  '/wps/v2/wallets/balance': () => ({ sumBalance: 1_000, balance: [], currency: 'VND', currencySymbol: '₫' }),
};

describe('withdraw page', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'wallet', walletEn);
  });

  it("preselects the member's default bank account, and a choice made on the page stays", async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const [a, b, c] = [account(11, '1111'), account(12, '2222'), account(13, '3333')];
    stubFetch({
      ...common,
      '/wps/withdraw/settings': () => settings([a, b, c]),
      '/wps/member/profile': () => profile(b),
    });
    renderShell(<WithdrawPage />);
    const select = (await screen.findByTestId('withdraw-account')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('12'));
    fireEvent.change(select, { target: { value: '13' } });
    expect(select.value).toBe('13');
  });

  it('falls back to the first account when the default is not among them or the profile cannot be read', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const [a, b] = [account(21, '1111'), account(22, '2222')];
    const { requests } = stubFetch({
      ...common,
      '/wps/withdraw/settings': () => settings([a, b]),
      '/wps/member/profile': () => profile(account(99, '9999')),
    });
    renderShell(<WithdrawPage />);
    const select = (await screen.findByTestId('withdraw-account')) as HTMLSelectElement;
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/wps/member/profile')).toBe(true));
    expect(select.value).toBe('21');
  });

  it("refuses a payee name outside the real name's rule before sending it", async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      ...common,
      '/wps/withdraw/settings': () => settings([]),
      '/wps/member/banks': () => [
        {
          bankCode: 'VCB',
          bankName: 'Vietcombank',
          countryCode: 'VN',
          accountNumberMinLength: 10,
          accountNumberMaxLength: 13,
        },
      ],
    });
    renderShell(<WithdrawPage />);
    fireEvent.change(await screen.findByTestId('bank-payee'), { target: { value: 'An <script>' } });
    fireEvent.change(screen.getByTestId('bank-select'), { target: { value: 'VCB' } });
    fireEvent.change(screen.getByTestId('bank-number'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByTestId('bank-submit'));
    expect(await screen.findByText(walletEn.bank_payee_invalid)).toBeVisible();
    expect(requests.filter((r) => r.url.pathname === '/wps/member/bankAccounts')).toEqual([]);
  });
});
