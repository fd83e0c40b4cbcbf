import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import accountsEn from '../../locales/accounts/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import type { LoginVariables } from './api.ts';
import type { LoginDraft } from './login-tab-form.tsx';
import { UsernameLogin } from './username-login.tsx';

const draft: LoginDraft = {
  username: '',
  password: '',
  captcha: '',
  captchaShown: false,
  mobileNum: '',
  smsCode: '',
  countryDialingCode: '',
  rememberMe: false,
};

function renderTab() {
  stubFetch({ '/wps/system/status': () => systemStatus() });
  const login = vi.fn<(v: LoginVariables, onFailed?: (e: Error) => void) => void>();
  renderShell(
    <UsernameLogin
      draft={draft}
      keepDraft={() => {}}
      remembered={null}
      login={login}
      clearError={() => {}}
      frame={{ tabbed: false, failure: null, busy: null }}
    />,
  );
  const fill = (username: string, password: string) => {
    fireEvent.change(screen.getByLabelText(accountsEn.login_username), { target: { value: username } });
    fireEvent.change(screen.getByLabelText(accountsEn.login_password, { exact: true }), {
      target: { value: password },
    });
  };
  const submit = () => fireEvent.click(screen.getByTestId('login-submit'));
  return { login, fill, submit };
}

describe('username login tab (LG-09)', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
  });

  it.each([
    ['the username only', '', 'Demo1234'],
    ['the password only', 'demo', ''],
    ['both', '', ''],
    ['a username of spaces', '   ', 'Demo1234'],
    ['a password of spaces', 'demo', '   '],
  ])('LG-09 missing %s: "please enter the username and password" and no call', async (_what, u, p) => {
    const { login, fill, submit } = renderTab();
    fill(u, p);
    submit();
    expect((await screen.findAllByText(accountsEn.error_username_password_missing)).length).toBeGreaterThan(
      0,
    );
    expect(login).not.toHaveBeenCalled();
  });

  it('LG-09 the username and the password are sent trimmed', async () => {
    const { login, fill, submit } = renderTab();
    fill('  demo  ', '\tDemo1234  ');
    submit();
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    const sent = login.mock.calls[0]![0];
    expect(sent.request).toMatchObject({ username: 'demo', password: 'Demo1234', type: 'username' });
    // The password kept for a forced change (PW-14) is the trimmed one the server checked.
    expect(sent.password).toBe('Demo1234');
  });
});
