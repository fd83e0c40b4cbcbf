import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { houseGameOf } from '@app/contract';
import { setupShell } from '../../test/shell-harness.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import enHouse from '../../locales/house/en.json';
import { StandInNote } from './stand-in-note.tsx';

/** A vendor title's sandbox stand-in says what it is and what it plays (issue 34, decision 058). */
beforeAll(async () => {
  await setupShell();
  i18n.addResourceBundle('en', 'house', enHouse);
});

function note(address: string) {
  const code = new URL(address, 'http://x').pathname.split('/').pop()!;
  const game = houseGameOf(code)!;
  render(
    <MemoryRouter initialEntries={[address]}>
      <StandInNote game={game} standInFor={game.standInFor!} />
    </MemoryRouter>,
  );
  return screen.getByTestId('stand-in-note');
}

describe('the stand-in note', () => {
  it('names the vendor and the title of the launch, and the house game played in its place', () => {
    const el = note('/sandbox/games/roulette--EVO-LIVE-2?vendor=Evolution&title=Roulette');
    expect(el).toHaveTextContent('Sandbox stand-in for Evolution Roulette');
    expect(el).toHaveTextContent(
      'Evolution is not connected on this site: you are playing European Roulette, our own provably fair game, in its place.',
    );
  });

  it('without the names in the address, names the vendor code and the game id', () => {
    const el = note('/sandbox/games/lucky-lotus--PG-00042');
    expect(el).toHaveTextContent('Sandbox stand-in for PG PG-00042');
    expect(el).toHaveTextContent('you are playing Lucky Lotus');
  });
});
