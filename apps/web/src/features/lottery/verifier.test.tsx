import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitOfSync } from '@app/contract';
import { i18n } from '../../shared/i18n/i18n.ts';
import { renderShell, setupShell, stubFetch } from '../../test/shell-harness.tsx';
import lotteryEn from '../../locales/lottery/en.json';
import { LOTTERY_NS } from './strings.ts';
import { variants } from './variants.ts';
import { Verifier } from './verifier.tsx';

/** The pinned vector of decision 021: seed 00…1f, numero id "1", SSC result 1,6,6,3,1. */
const seed = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
const draw = {
  gameId: 7,
  gameCode: 'SSC1',
  gameGroupCode: 'SSC',
  family: 'SSC',
  numero: '20261128-0001',
  numeroId: '1',
  status: 'settled',
  resultSource: 'RNG',
  algorithm: 'hmac-sha256-v1',
  seedHash: commitOfSync(seed),
  seed,
  winNo: '1,6,6,3,1',
  revisions: [],
};

/** The lottery gateway answers with bare bodies, not the `/wps` envelope. */
const bare = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function showDraw() {
  stubFetch({ '/lgw/games/game_menus': () => bare({}), '/lgw/draw/verify': () => bare(draw) });
  return renderShell(<Verifier variant={variants[0]!} />, {
    path: `/lottery?view=verify&gameId=${draw.gameId}&numero=${draw.numero}`,
  });
}

describe('the draw verifier', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', LOTTERY_NS, lotteryEn);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('with Web Crypto (https, localhost) it recomputes the seed hash and the result in the browser', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined();
    showDraw();
    expect(await screen.findByTestId('recomputed')).toHaveTextContent('1,6,6,3,1');
    expect(screen.getAllByTestId('verdict').map((v) => v.textContent?.trim())).toEqual([
      'Matches the published hash',
      'Matches the published result',
    ]);
    expect(screen.queryByTestId('verify-needs-https')).toBeNull();
  });

  it('without Web Crypto (plain http) it shows the seed and its hash and says checking needs HTTPS, with no verdict', async () => {
    // What a page outside a secure context has: `crypto` without `subtle`.
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    showDraw();
    expect(await screen.findByTestId('verify-needs-https')).toHaveTextContent(
      'Checking a draw here needs a secure connection (HTTPS), and this page was opened without one. Open it with https:// to recompute the hash and the result in your browser.',
    );
    expect(screen.getByTestId('seed-hash')).toHaveTextContent(draw.seedHash);
    expect(screen.getByText(seed)).toBeInTheDocument();
    // Neither a verdict nor a computation that never ends.
    expect(screen.queryByTestId('verdict')).toBeNull();
    expect(screen.queryByTestId('recomputed')).toBeNull();
    expect(screen.queryByText('Computing in your browser…')).toBeNull();
  });
});
