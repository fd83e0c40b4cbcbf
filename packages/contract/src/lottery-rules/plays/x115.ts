import {
  compilePositionPicks,
  BSOE,
  choose,
  definePlay,
  directPlay,
  hit,
  NO_HIT,
  numRow,
  POSITION_LABELS,
  settlement,
  tokenRow,
  type Compiled,
} from '../play.ts';
import type { PlayDef } from '../types.ts';

/**
 * 11X5: five different balls 01–11 in drawn order. Base 1980: every bonus is the fair payout of a
 * 2-unit note at series 1980. Ties (stake returned): ball 11 on a place's big/small/odd/even, sum 30
 * on sum big/small.
 */

const F = '11X5';
const ballRow = (key: string, label: string, minPick: number) => numRow(key, label, 1, 11, 2, minPick);
const placeRow = (p: number, minPick = 1) => ballRow(`P${p + 1}`, POSITION_LABELS[p]!, minPick);

/** Any k in 5: C(5,k)/C(11,k) for k ≤ 5, C(k,5)/C(11,5) for k ≥ 6. */
const RX_BONUS: Record<number, number> = { 1: 4.4, 2: 11, 3: 33, 4: 132, 5: 924, 6: 154, 7: 44, 8: 16.5 };

function anyK(k: number): PlayDef {
  return definePlay({
    family: F,
    playId: 2000 + k,
    code: `RX${k}`,
    group: 'RX',
    groupName: 'Any in 5',
    name: `Any ${k} in 5`,
    rule:
      k <= 5
        ? `Pick ${k} or more numbers; each group of ${k} of them is a note that wins when all ${k} are among the 5 drawn balls, in any order.`
        : `Pick ${k} or more numbers; each group of ${k} of them is a note that wins when it holds all 5 drawn balls.`,
    price: 2,
    rows: [ballRow('PICK', 'Numbers', k)],
    prizes: [{ key: `RX${k}`, bonus: RX_BONUS[k]! }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      const n = s.size;
      return {
        notes: choose(n, k),
        settle(r) {
          let m = 0;
          for (let i = 0; i < 5; i++) if (s.has(r[i]!)) m++;
          const c = k <= 5 ? choose(m, k) : m === 5 ? choose(n - 5, k - 5) : 0;
          return c ? hit(`RX${k}`, c) : NO_HIT;
        },
      };
    },
  });
}

const frontDirect = (playId: number, k: 2 | 3, bonus: number): PlayDef =>
  directPlay({
    family: F,
    playId,
    code: `Q${k}_DIRECT`,
    group: `Q${k}`,
    groupName: `Front ${k}`,
    name: `Front ${k} direct`,
    rule: `Pick numbers for each of the first ${k} places; each choice of different numbers is a note that wins when the first ${k} balls are those, in that order.`,
    rows: Array.from({ length: k }, (_, p) => placeRow(p)),
    places: Array.from({ length: k }, (_, p) => p),
    bonus,
    distinct: true,
  });

function frontGroup(playId: number, k: 2 | 3, bonus: number): PlayDef {
  return definePlay({
    family: F,
    playId,
    code: `Q${k}_GROUP`,
    group: `Q${k}`,
    groupName: `Front ${k}`,
    name: `Front ${k} group`,
    rule: `Pick ${k} or more numbers; each group of ${k} is a note that wins when the first ${k} balls are those, in any order.`,
    price: 2,
    rows: [ballRow('PICK', 'Numbers', k)],
    prizes: [{ key: 'GROUP', bonus }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      return {
        notes: choose(s.size, k),
        settle(r) {
          for (let p = 0; p < k; p++) if (!s.has(r[p]!)) return NO_HIT;
          return hit('GROUP');
        },
      };
    },
  });
}

const dwd = definePlay({
  family: F,
  playId: 2013,
  code: 'DWD',
  group: 'DWD',
  groupName: 'Position',
  name: 'Position number',
  rule: 'Pick numbers on any of the five places; each is a note that wins when its place shows it.',
  price: 2,
  rows: [0, 1, 2, 3, 4].map((p) => placeRow(p, 0)),
  prizes: [{ key: 'DWD', bonus: 22 }],
  compile: compilePositionPicks,
});

const bsoe = definePlay({
  family: F,
  playId: 2014,
  code: 'BSOE',
  group: 'BSOE',
  groupName: 'Big small odd even',
  name: 'Big/small/odd/even by place',
  rule: 'For any place pick Big (06–10), Small (01–05), Odd or Even; each pick is a note that wins when its ball is so. Ball 11 is a tie: the stake of that place is returned.',
  price: 2,
  rows: [0, 1, 2, 3, 4].map((p) => tokenRow(`P${p + 1}`, POSITION_LABELS[p]!, BSOE, 0)),
  // P(win) 5/11, P(tie) 1/11: 5/11 × 4/2 + 1/11 = 1
  prizes: [{ key: 'BSOE', bonus: 4 }],
  compile(rows): Compiled {
    const notes = rows.reduce((a, r) => a + r.length, 0);
    return {
      notes,
      settle(r) {
        let c = 0;
        let tie = 0;
        rows.forEach((row, p) => {
          const b = r[p]!;
          if (b === 11) tie += row.length;
          else
            for (const t of row)
              if (t === 'B' ? b >= 6 : t === 'S' ? b <= 5 : t === 'O' ? b % 2 === 1 : b % 2 === 0) c++;
        });
        return settlement(notes, tie, ['BSOE', c]);
      },
    };
  },
});

const sumBs = definePlay({
  family: F,
  playId: 2015,
  code: 'SUM_BS',
  group: 'BSOE',
  groupName: 'Big small odd even',
  name: 'Sum big/small',
  rule: 'The sum of the five balls (15–45): Big above 30, Small below 30; a sum of exactly 30 is a tie and the stake is returned.',
  price: 2,
  rows: [tokenRow('SUM', 'Sum', ['B', 'S'])],
  prizes: [{ key: 'BS', bonus: 4 }],
  compile([row]): Compiled {
    const notes = row!.length;
    return {
      notes,
      settle(r) {
        const sum = r[0]! + r[1]! + r[2]! + r[3]! + r[4]!;
        if (sum === 30) return settlement(notes, notes);
        return row!.includes(sum > 30 ? 'B' : 'S') ? hit('BS') : NO_HIT;
      },
    };
  },
});

const dragonTiger = definePlay({
  family: F,
  playId: 2016,
  code: 'DT',
  group: 'DT',
  groupName: 'Dragon tiger',
  name: 'Dragon / tiger',
  rule: 'Dragon wins when the 1st ball is higher than the 5th, Tiger when it is lower (they are never equal).',
  price: 2,
  rows: [tokenRow('DT', 'Dragon / tiger', ['D', 'T'])],
  prizes: [{ key: 'DT', bonus: 4 }],
  compile([row]): Compiled {
    return {
      notes: row!.length,
      settle: (r) => (row!.includes(r[0]! > r[4]! ? 'D' : 'T') ? hit('DT') : NO_HIT),
    };
  },
});

export const X115_PLAYS: readonly PlayDef[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(anyK),
  frontDirect(2009, 2, 220),
  frontGroup(2010, 2, 110),
  frontDirect(2011, 3, 1980),
  frontGroup(2012, 3, 330),
  dwd,
  bsoe,
  sumBs,
  dragonTiger,
];
