import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AvatarLimits } from '@app/contract';
import accountsEn from '../../locales/accounts/en.json';
import profileEn from '../../locales/profile/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { saveSession } from '../../shared/session/session.ts';
import { renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { AvatarModal, imageKind } from './avatar.tsx';

const bytes = (...b: number[]) => new Blob([new Uint8Array([...b, ...new Array(16).fill(0)])]);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('avatar', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'accounts', accountsEn);
    i18n.addResourceBundle('en', 'profile', profileEn);
  });

  it('knows a picture by its first bytes, never by its name or claimed type', async () => {
    expect(await imageKind(bytes(0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a))).toBe('png');
    expect(await imageKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(await imageKind(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')))).toBe('webp');
    expect(await imageKind(new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }))).toBeNull();
    expect(await imageKind(bytes(...ascii('%PDF-1.7')))).toBeNull();
    expect(await imageKind(bytes(...ascii('GIF89a')))).toBeNull();
  });

  it('refuses a non-image or a file over 2 MB before sending anything; a built-in choice is sent', async () => {
    saveSession({ token: 'tok', agentType: 0 });
    const { requests } = stubFetch({
      '/wps/system/status': () => systemStatus(),
      '/wps/member/info': () => ({
        nickname: 'Lucky',
        userName: 'p7',
        avatar: '3',
        avatarType: 'STATIC',
        avatarUrl: '',
      }),
      '/wps/member/avatar': () => ({
        avatar: '5',
        avatarType: 'STATIC',
        avatarUrl: '/TCG_PROD_IMAGES/AVATAR/5.png',
      }),
    });
    renderShell(<AvatarModal onClose={() => undefined} />);
    const input = await screen.findByTestId('avatar-file');
    const sent = () => requests.filter((r) => r.url.pathname.startsWith('/wps/member/avatar'));

    fireEvent.change(input, { target: { files: [new File(['hello'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByText(profileEn.av_err_type)).toBeVisible();
    const big = new File([new Uint8Array(AvatarLimits.maxBytes + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(profileEn.av_err_size)).toBeVisible();
    expect(sent()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Avatar 5' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(String(sent()[0]!.init?.body))).toEqual({ avatar: '5' });
    expect(await screen.findByText(profileEn.av_saved)).toBeVisible();
  });
});
