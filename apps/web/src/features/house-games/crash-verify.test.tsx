import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupShell } from '../../test/shell-harness.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import enCrash from '../../locales/originals-crash/en.json';
import enHouse from '../../locales/house/en.json';
import { CrashVerify, crashInputsOf, crashVerifyHref } from './crash-verify.tsx';

/**
 * The verifier's Crash form (decision 055): from what a crashed round's page reveals (its hash,
 * the chain's salt, the round number and the commitment) it recomputes the crash point in the
 * browser and walks the hash back to the commitment, checked against the published vectors
 * (docs/crash-vectors.json); the Crash page's link fills it.
 */
const vectors = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../../docs/crash-vectors.json'), 'utf8'),
) as { commitment: string; salt: string; rounds: { roundNo: number; hash: string; crashPoint: number }[] };

beforeAll(async () => {
  await setupShell();
  i18n.addResourceBundle('en', 'originals-crash', enCrash);
  i18n.addResourceBundle('en', 'house', enHouse);
});

const text = (p: number) =>
  `${Math.floor(Math.max(100, p) / 100)}.${String(Math.max(100, p) % 100).padStart(2, '0')}`;

describe('the Crash verifier', () => {
  it('recomputes published rounds from the link the Crash page gives: the crash point, the match and the chain back to the commitment', async () => {
    for (const r of [vectors.rounds[0]!, vectors.rounds[6]!, vectors.rounds.at(-1)!]) {
      const href = crashVerifyHref({
        hash: r.hash,
        salt: vectors.salt,
        roundNo: r.roundNo,
        commitment: vectors.commitment,
        crashPoint: r.crashPoint,
      });
      const initial = crashInputsOf(new URL(href, 'http://x').searchParams);
      expect(initial).toEqual({
        hash: r.hash,
        salt: vectors.salt,
        round: String(r.roundNo),
        commitment: vectors.commitment,
        shown: text(r.crashPoint),
      });
      const view = render(<CrashVerify switcher={<p>switch</p>} initial={initial} />);
      fireEvent.click(screen.getByTestId('crash-verify-button'));
      await waitFor(() => expect(screen.getByTestId('crash-verify-point')).toBeInTheDocument());
      expect(screen.getByTestId('crash-verify-point')).toHaveTextContent(
        `Round ${r.roundNo} crashed at ${text(r.crashPoint)}×`,
      );
      expect(screen.getByTestId('crash-verify-verdict')).toHaveTextContent(/^Match/);
      expect(screen.getByTestId('crash-verify-chain')).toHaveTextContent(
        `leads back to the commitment in ${r.roundNo} steps`,
      );
      // The command for the outside script carries the same round.
      expect(view.container.querySelector('pre')).toHaveTextContent(
        `node scripts/verify-original.mjs '{"kind":"crash","hash":"${r.hash}","salt":"${vectors.salt}","roundNo":${r.roundNo},"commitment":"${vectors.commitment}"}'`,
      );
      view.unmount();
    }
  });

  it('says so when the shown point, the round number or the commitment do not fit, and refuses malformed input', async () => {
    const r = vectors.rounds[4]!;
    render(
      <CrashVerify
        switcher={null}
        initial={{
          hash: r.hash,
          salt: vectors.salt,
          round: String(r.roundNo + 1),
          commitment: vectors.commitment,
          shown: text(r.crashPoint),
        }}
      />,
    );
    fireEvent.click(screen.getByTestId('crash-verify-button'));
    await waitFor(() => expect(screen.getByTestId('crash-verify-verdict')).toBeInTheDocument());
    // Another nonce: another point (this round's), and the commitment one step short.
    expect(screen.getByTestId('crash-verify-verdict')).toHaveTextContent(/^Mismatch/);
    expect(screen.getByTestId('crash-verify-chain')).toHaveTextContent(
      `does not reach the commitment in ${r.roundNo + 1} steps`,
    );
    fireEvent.change(screen.getByTestId('crash-verify-hash'), { target: { value: 'not a hash' } });
    fireEvent.click(screen.getByTestId('crash-verify-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/64 hex characters/);
    expect(screen.queryByTestId('crash-verify-result')).toBeNull();
  });
});
