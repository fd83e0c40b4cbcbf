import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import accountsEn from '../../locales/accounts/en.json';
import profileEn from '../../locales/profile/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { TotpAction } from './totp.tsx';

const START = '/wps/member/security/totp';
const secret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/x',
  qrCode: 'data:,',
};

describe('authenticator row', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', 'profile', profileEn);
  });

  it('a first binding shows the QR code at once, asking no password', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({ '/wps/system/status': () => systemStatus(), [START]: () => secret });
    renderShell(<TotpAction bound={false} />);
    fireEvent.click(screen.getByTestId('totp-action'));
    expect(await screen.findByTestId('totp-form')).toBeVisible();
    expect(screen.queryByTestId('totp-password-form')).toBeNull();
    const starts = requests.filter((r) => r.url.pathname === START);
    expect(starts).toHaveLength(1);
    expect(JSON.parse(String(starts[0]!.init?.body))).toEqual({ loginPassword: '' });
  });

  it('replacing a bound one asks for the login password first, shows a wrong one, and sends it', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      [START]: (_url, init) =>
        JSON.parse(String(init?.body)).loginPassword === 'Login12345'
          ? secret
          : new Response(
              JSON.stringify({
                success: false,
                errorCode: 'password.old.invalid',
                message: 'The login password is not correct',
              }),
              { status: 422 },
            ),
    });
    const starts = () => requests.filter((r) => r.url.pathname === START);
    renderShell(<TotpAction bound />);
    expect(screen.getByTestId('totp-action')).toHaveTextContent(profileEn.action_change);
    fireEvent.click(screen.getByTestId('totp-action'));
    expect(await screen.findByTestId('totp-password-form')).toHaveTextContent(profileEn.totp_replace_intro);
    expect(screen.queryByTestId('totp-form')).toBeNull();

    fireEvent.click(screen.getByTestId('totp-password-submit'));
    expect(await screen.findByText(profileEn.bind_password_required)).toBeVisible();
    expect(starts()).toEqual([]);

    const password = screen.getByLabelText(profileEn.bind_password_label);
    fireEvent.change(password, { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByTestId('totp-password-submit'));
    expect(await screen.findByText(profileEn.err_login_password)).toBeVisible();
    expect(screen.queryByTestId('totp-form')).toBeNull();

    fireEvent.change(password, { target: { value: 'Login12345' } });
    fireEvent.click(screen.getByTestId('totp-password-submit'));
    expect(await screen.findByTestId('totp-form')).toBeVisible();
    await waitFor(() => expect(starts()).toHaveLength(2));
    expect(starts().map((r) => JSON.parse(String(r.init?.body)))).toEqual([
      { loginPassword: 'Wrong1234' },
      { loginPassword: 'Login12345' },
    ]);
  });
});
