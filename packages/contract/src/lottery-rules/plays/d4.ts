import { definePlay, NO_HIT, settlement, typedRow, type Compiled } from '../play.ts';
import type { PlayDef, PrizeDef } from '../types.ts';

/**
 * 4D (Malaysia / Singapore style): 23 different four-digit numbers: 1st, 2nd, 3rd, 10 starters, 10
 * consolations. A note is one number at 1 per unit. Big covers all five categories, Small the top
 * three; the bonuses are Singapore Pools' per 1 staked (Big 2,000 / 1,000 / 490 / 250 / 60, Small
 * 3,000 / 2,000 / 800), so the return is 65.9 % (Big) and 58 % (Small) at every series.
 */

const F = '4D';
const CATEGORY = [
  'FIRST',
  'SECOND',
  'THIRD',
  ...Array(10).fill('STARTER'),
  ...Array(10).fill('CONSOLATION'),
] as string[];

function fourD(
  playId: number,
  code: string,
  name: string,
  prizes: PrizeDef[],
  rule: string,
  share: number,
): PlayDef {
  const paid = new Set(prizes.map((p) => p.key));
  return definePlay({
    family: F,
    playId,
    code,
    group: '4D',
    groupName: '4D',
    name,
    rule,
    price: 1,
    rows: [typedRow('PICK', 'Numbers', 4, 1, 100)],
    prizes,
    share,
    compile([row]): Compiled {
      const picked = new Set(row!.map(Number));
      return {
        notes: picked.size,
        settle(r) {
          const hits = new Map<string, number>();
          for (let i = 0; i < 23; i++) {
            const cat = CATEGORY[i]!;
            if (paid.has(cat) && picked.has(r[i]!)) hits.set(cat, (hits.get(cat) ?? 0) + 1);
          }
          return hits.size ? settlement(picked.size, 0, ...hits) : NO_HIT;
        },
      };
    },
  });
}

/**
 * Single-category bets (Malaysia's 4A–4E; GP-4D betType 3–7): one category only, 6,000 per 1 for
 * 1st, 2nd or 3rd, 600 for any starter or consolation (60 % return each).
 */
const CATEGORIES: [code: string, key: string, name: string, bonus: number, slots: number][] = [
  ['CAT_FIRST', 'FIRST', '1st prize only (4A)', 6000, 1],
  ['CAT_SECOND', 'SECOND', '2nd prize only (4B)', 6000, 1],
  ['CAT_THIRD', 'THIRD', '3rd prize only (4C)', 6000, 1],
  ['CAT_STARTER', 'STARTER', 'Starter only (4D)', 600, 10],
  ['CAT_CONSOLATION', 'CONSOLATION', 'Consolation only (4E)', 600, 10],
];

export const D4_PLAYS: readonly PlayDef[] = [
  fourD(
    9001,
    'BIG',
    'Big',
    [
      { key: 'FIRST', bonus: 2000 },
      { key: 'SECOND', bonus: 1000 },
      { key: 'THIRD', bonus: 490 },
      { key: 'STARTER', bonus: 250 },
      { key: 'CONSOLATION', bonus: 60 },
    ],
    'Type four-digit numbers; each is a note that wins when it is drawn as 1st (2,000), 2nd (1,000), 3rd (490), a starter (250) or a consolation (60) prize, per 1 staked.',
    0.659,
  ),
  fourD(
    9002,
    'SMALL',
    'Small',
    [
      { key: 'FIRST', bonus: 3000 },
      { key: 'SECOND', bonus: 2000 },
      { key: 'THIRD', bonus: 800 },
    ],
    'Type four-digit numbers; each is a note that wins when it is drawn as 1st (3,000), 2nd (2,000) or 3rd (800) prize, per 1 staked.',
    0.58,
  ),
  ...CATEGORIES.map(([code, key, name, bonus, slots], i) =>
    fourD(
      9003 + i,
      code,
      name,
      [{ key, bonus }],
      `Type four-digit numbers; each is a note that wins ${bonus.toLocaleString('en')} per 1 staked when it is drawn as ${slots === 1 ? 'the ' + name.split(' only')[0]! : 'one of the ' + key.toLowerCase() + ' prizes'}.`,
      (bonus * slots) / 10_000,
    ),
  ),
];
