import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberProfile } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import profileEn from '../../locales/profile/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { Slot } from '../../shared/shell/slot.tsx';
import { registerSlot, SlotNames } from '../../shared/shell/slot-registry.ts';
import { defaultAgentPage, defaultMemberPage, useUiStore } from '../../shared/shell/ui-store.ts';
import { clearSession, saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { loadAccountOverlays } from '../member/index.ts';

const memberInfo = {
  id: 7,
  account: 'player7',
  userName: 'player7',
  nickname: 'Lucky',
  type: 0,
  toUpline: false,
  clubLabel: { labelName: 'Gold', rankLevel: 2, color: '#ffd700', type: 'VIP' },
  memberLabel: '',
  avatar: '3',
  avatarType: 'STATIC',
  avatarUrl: '/TCG_PROD_IMAGES/AVATAR/3.png',
  payeeName: 'Tran Thi Mai',
  mobile: '+84 93****567',
  email: null,
  hasPaymentPassword: true,
  totpBound: false,
};

const emptyProfile: MemberProfile = {
  nickname: 'Lucky',
  fullName: null,
  telegram: null,
  zalo: null,
  birthday: null,
  address: null,
  nationality: null,
  occupation: null,
  sourceOfIncome: null,
  placeOfBirth: null,
  locked: [],
  bankAccount: null,
};

const bank = {
  id: 41,
  bankCode: 'VCB',
  bankName: 'Vietcombank',
  countryCode: 'VN',
  payeeName: 'Tran Thi Mai',
  accountNumber: '**** 5678',
  branch: '',
  createdAt: 0,
};

/** The pages are lazy chunks: on a busy machine their first load takes longer than a second. */
const LAZY = { timeout: 8000 };
const P = profileEn;
const PK = (key: string) => ((profileEn as Record<string, string>)[key] ?? key).replace('{{age}}', '18'); // the brand's default age

function stub(profile: MemberProfile, posts: unknown[] = []) {
  return stubFetch({
    '/wps/system/status': () => systemStatus(),
    '/wps/member/info': () => memberInfo,
    '/wps/member/bankAccounts': () => (profile.bankAccount ? [bank] : []),
    '/wps/member/profile': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        posts.push(body);
        return { ...profile, ...body };
      }
      return profile;
    },
  });
}

async function openCentre(page: string) {
  registerSlot(SlotNames.overlays, () => loadAccountOverlays() as never);
  renderShell(<Slot name={SlotNames.overlays} />);
  act(() => useUiStore.getState().openMemberCentre(page));
  return screen.findByRole('dialog', { name: accountsEn.member_centre_title }, LAZY);
}

describe('profile and security centre pages', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', 'profile', profileEn);
  });
  beforeEach(() => {
    clearSession();
    sessionStorage.clear();
    saveSession({ token: 'tok', agentType: 0 });
    useUiStore.setState({
      memberCentre: { show: false, page: defaultMemberPage },
      accountCentre: { show: false, page: defaultAgentPage },
    });
  });
  afterEach(() => clearSession());

  it('MC-09 MC-10 the member page `profile` exists, reached from the security centre, with a label for nickname, full name, Telegram, Zalo, birthday, address, nationality, occupation, source of income, place of birth and bank account', async () => {
    stub(emptyProfile);
    const dialog = await openCentre('securityCenter');
    const centre = await within(dialog).findByTestId('security-centre', {}, LAZY);
    fireEvent.click(within(centre).getByTestId('profile-open'));
    expect(useUiStore.getState().memberCentre.page).toBe('profile');
    const page = await within(dialog).findByTestId('profile-page', {}, LAZY);
    // "My account" stays the highlighted entry for its sub-page.
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-current') === 'page')
        .map((b) => b.dataset.page),
    ).toEqual(['securityCenter']);
    await within(page).findByTestId('profile-form', {}, LAZY);
    for (const key of [
      'field_nickname',
      'field_fullName',
      'field_telegram',
      'field_zalo',
      'field_birthday',
      'field_address',
      'field_nationality',
      'field_occupation',
      'field_sourceOfIncome',
      'field_placeOfBirth',
    ])
      expect(within(page).getByLabelText(PK(key)), key).toBeVisible();
    expect(within(page).getByRole('group', { name: P.field_bankAccount })).toBeVisible();
    expect(within(page).getByText(P.pf_bank_none)).toBeVisible();

    // Opened directly on the page key too (the overlay's page and show flag).
    act(() => useUiStore.getState().setMemberPage('securityCenter'));
    await within(dialog).findByTestId('security-centre', {}, LAZY);
    act(() => useUiStore.getState().setMemberPage('profile'));
    expect(await within(dialog).findByTestId('profile-page', {}, LAZY)).toBeVisible();
  });

  it('checks every field in the form with the server rule and sends only what changed', async () => {
    const posts: unknown[] = [];
    stub(emptyProfile, posts);
    const dialog = await openCentre('profile');
    const form = await within(dialog).findByTestId('profile-form', {}, LAZY);
    const field = (key: string) => within(form).getByLabelText(PK(key)) as HTMLInputElement;
    fireEvent.change(field('field_telegram'), { target: { value: 'ab' } });
    fireEvent.change(field('field_zalo'), { target: { value: '12ab' } });
    fireEvent.change(field('field_address'), { target: { value: '<b>' } });
    fireEvent.change(field('field_fullName'), { target: { value: 'X' } });
    fireEvent.change(field('field_birthday'), {
      target: { value: `${new Date().getFullYear() - 10}-01-01` },
    });
    fireEvent.click(within(form).getByTestId('profile-save'));
    for (const key of ['hint_telegram', 'hint_zalo', 'hint_address', 'hint_fullName', 'hint_birthday'])
      expect(
        (await within(form).findAllByText(PK(key))).some((e) => e.getAttribute('role') === 'alert'),
        key,
      ).toBe(true);
    expect(posts).toEqual([]);

    fireEvent.change(field('field_telegram'), { target: { value: '@lucky_tiger' } });
    fireEvent.change(field('field_zalo'), { target: { value: '0912345678' } });
    fireEvent.change(field('field_address'), { target: { value: '12 Nguyen Hue, District 1' } });
    fireEvent.change(field('field_fullName'), { target: { value: 'Tran Thi Mai' } });
    fireEvent.change(field('field_birthday'), { target: { value: '1990-04-17' } });
    fireEvent.change(field('field_sourceOfIncome'), { target: { value: 'SALARY' } });
    fireEvent.click(within(form).getByTestId('profile-save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      telegram: '@lucky_tiger',
      zalo: '0912345678',
      address: '12 Nguyen Hue, District 1',
      fullName: 'Tran Thi Mai',
      birthday: '1990-04-17',
      sourceOfIncome: 'SALARY',
    });
    // The save refetches the profile and the form starts again from it (a new form element): the
    // message is looked up afresh until it shows, never held from before the refetch.
    await waitFor(() => expect(within(dialog).getByText(P.pf_saved)).toBeVisible());
  });

  it('shows the identity fields locked once set, and the default bank account masked', async () => {
    stub({
      ...emptyProfile,
      fullName: 'Tran Thi Mai',
      birthday: '1990-04-17',
      nationality: 'VN',
      placeOfBirth: 'Hanoi',
      locked: ['fullName', 'birthday', 'nationality', 'placeOfBirth'],
      bankAccount: { id: 41, bankName: 'Vietcombank', accountNumber: '**** 5678', payeeName: 'Tran Thi Mai' },
    });
    const dialog = await openCentre('profile');
    const form = await within(dialog).findByTestId('profile-form', {}, LAZY);
    for (const f of ['fullName', 'birthday', 'nationality', 'placeOfBirth'])
      expect(within(form).getByTestId(`profile-${f}-locked`)).toBeVisible();
    expect(within(form).queryByLabelText(P.field_fullName)).toBeNull();
    expect(within(form).getByTestId('profile-fullName-locked')).toHaveTextContent('Tran Thi Mai');
    expect(within(form).getByTestId('profile-nationality-locked')).toHaveTextContent('Vietnam');
    expect(within(form).getByTestId('profile-bank')).toHaveTextContent('Vietcombank **** 5678');
    expect(within(form).getByTestId('profile-bank')).not.toHaveTextContent(/\d{5,}/);
  });

  it('the security centre lists the login password, transaction password, mobile, e-mail, authenticator, bank accounts and sessions', async () => {
    stub({
      ...emptyProfile,
      bankAccount: { id: 41, bankName: 'Vietcombank', accountNumber: '**** 5678', payeeName: 'Tran Thi Mai' },
    });
    const dialog = await openCentre('securityCenter');
    const centre = await within(dialog).findByTestId('security-centre', {}, LAZY);
    const rows: [string, string, string][] = [
      ['sc-profile', P.sc_profile, '2 of 11'],
      ['sc-login-password', P.sc_login_password, P.action_change],
      ['sc-payment-password', P.sc_payment_password, P.sc_set],
      ['sc-mobile', P.sc_mobile, '+84 93****567'],
      ['sc-email', P.sc_email, P.sc_not_set],
      ['sc-totp', P.sc_totp, P.action_bind],
      ['sc-bank', P.sc_bank, '**** 5678'],
      ['sc-sessions', P.sessions_row, P.action_manage],
    ];
    for (const [testId, label, text] of rows) {
      const row = await within(centre).findByTestId(testId);
      expect(row, testId).toHaveTextContent(label);
      await waitFor(() => expect(row, testId).toHaveTextContent(text));
    }
    // LN-07: the mobile number is its own left-to-right element ("+84 93****567", never
    // "567****93 84+" in a right-to-left page).
    const mobile = within(centre).getByTestId('sc-mobile-value');
    expect([mobile.tagName, mobile.getAttribute('dir'), mobile.textContent]).toEqual([
      'BDI',
      'ltr',
      '+84 93****567',
    ]);
    expect(within(centre).getByTestId('bind-mobile-action')).toHaveTextContent(P.action_change);
    expect(within(centre).getByTestId('bind-email-action')).toHaveTextContent(P.action_bind);
    expect(within(centre).getByTestId('security-level')).toHaveTextContent('4 of 6');
  });
});
