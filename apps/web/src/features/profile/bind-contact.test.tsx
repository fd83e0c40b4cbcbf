import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import accountsEn from '../../locales/accounts/en.json';
import profileEn from '../../locales/profile/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { BindContactModal } from './bind-contact.tsx';

describe('bind an e-mail', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', 'profile', profileEn);
  });

  it('refuses a malformed address before sending, sends the code, binds with it; replacing asks for the login password', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/member/security/email/code': () => ({ expiredMinutes: 5, expirationTime: Date.now() + 300_000 }),
      '/wps/member/security/email': () => ({ email: 'pl***@example.com' }),
    });
    const calls = (path: string) => requests.filter((r) => r.url.pathname === path);
    renderShell(<BindContactModal kind="email" current="ol***@example.com" onClose={() => undefined} />);
    const form = await screen.findByTestId('bind-email-form');
    expect(form).toHaveTextContent('Currently bound: ol***@example.com.');

    fireEvent.change(screen.getByLabelText(profileEn.bind_email_label), {
      target: { value: 'not-an-address' },
    });
    fireEvent.click(screen.getByTestId('bind-send-code'));
    expect(await screen.findByText(profileEn.bind_email_invalid)).toBeVisible();
    expect(calls('/wps/member/security/email/code')).toEqual([]);

    fireEvent.change(screen.getByLabelText(profileEn.bind_email_label), {
      target: { value: 'player@example.com' },
    });
    fireEvent.click(screen.getByTestId('bind-send-code'));
    await waitFor(() => expect(calls('/wps/member/security/email/code')).toHaveLength(1));
    expect(JSON.parse(String(calls('/wps/member/security/email/code')[0]!.init?.body))).toEqual({
      email: 'player@example.com',
    });

    fireEvent.change(screen.getByLabelText(profileEn.bind_code_label), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('bind-submit'));
    expect(await screen.findByText(profileEn.bind_code_required)).toBeVisible();
    expect(await screen.findByText(profileEn.bind_password_required)).toBeVisible();
    expect(calls('/wps/member/security/email')).toEqual([]);

    fireEvent.change(screen.getByLabelText(profileEn.bind_code_label), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(profileEn.bind_password_label), {
      target: { value: 'Login12345' },
    });
    fireEvent.click(screen.getByTestId('bind-submit'));
    expect(await screen.findByTestId('bind-email-done')).toHaveTextContent('E-mail bound: pl***@example.com');
    expect(JSON.parse(String(calls('/wps/member/security/email')[0]!.init?.body))).toEqual({
      email: 'player@example.com',
      verificationCode: '123456',
      loginPassword: 'Login12345',
    });
  });
});
