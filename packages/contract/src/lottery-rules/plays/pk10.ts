import {
  compilePositionPicks,
  BSOE,
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
import type { PlayDef, PrizeDef } from '../types.ts';

/**
 * PK10: the cars 01–10 in the order of the 10 places (a permutation). Each bonus is the fair
 * payout of a 2-unit note at series 2000. Big 06–10, small 01–05; dragon/tiger pairs 1v10 … 5v6
 * (never equal); champion + runner-up sum 3–19, big above 11.
 */

const F = 'PK10';
const placeRow = (p: number, minPick = 1) => numRow(`P${p + 1}`, POSITION_LABELS[p]!, 1, 10, 2, minPick);

/** Unordered pairs of different cars 1–10 with each sum (of 45). */
export const PK10_SUM_PAIRS: Readonly<Record<number, number>> = {
  3: 1,
  4: 1,
  5: 2,
  6: 2,
  7: 3,
  8: 3,
  9: 4,
  10: 4,
  11: 5,
  12: 4,
  13: 4,
  14: 3,
  15: 3,
  16: 2,
  17: 2,
  18: 1,
  19: 1,
};

const dwd = definePlay({
  family: F,
  playId: 4001,
  code: 'DWD',
  group: 'DWD',
  groupName: 'Position',
  name: 'Place number',
  rule: 'Pick cars on any of the ten places; each is a note that wins when that car finishes in that place.',
  price: 2,
  rows: POSITION_LABELS.map((_, p) => placeRow(p, 0)),
  prizes: [{ key: 'DWD', bonus: 20 }],
  compile: compilePositionPicks,
});

const bsoe = definePlay({
  family: F,
  playId: 4002,
  code: 'BSOE',
  group: 'BSOE',
  groupName: 'Big small odd even',
  name: 'Big/small/odd/even by place',
  rule: 'For any place pick Big (06–10), Small (01–05), Odd or Even; each pick is a note that wins when the car in that place is so.',
  price: 2,
  rows: POSITION_LABELS.map((l, p) => tokenRow(`P${p + 1}`, l, BSOE, 0)),
  prizes: [{ key: 'BSOE', bonus: 4 }],
  compile(rows): Compiled {
    return {
      notes: rows.reduce((a, r) => a + r.length, 0),
      settle(r) {
        let c = 0;
        rows.forEach((row, p) => {
          const b = r[p]!;
          for (const t of row)
            if (t === 'B' ? b >= 6 : t === 'S' ? b <= 5 : t === 'O' ? b % 2 === 1 : b % 2 === 0) c++;
        });
        return c ? hit('BSOE', c) : NO_HIT;
      },
    };
  },
});

const dragonTiger = definePlay({
  family: F,
  playId: 4003,
  code: 'DT',
  group: 'DT',
  groupName: 'Dragon tiger',
  name: 'Dragon / tiger',
  rule: 'Five duels: 1st v 10th, 2nd v 9th, 3rd v 8th, 4th v 7th, 5th v 6th. Dragon wins when the first place of the duel has the higher car, Tiger when it has the lower.',
  price: 2,
  rows: [0, 1, 2, 3, 4].map((p) =>
    tokenRow(`DT${p + 1}`, `${POSITION_LABELS[p]} v ${POSITION_LABELS[9 - p]}`, ['D', 'T'], 0),
  ),
  prizes: [{ key: 'DT', bonus: 4 }],
  compile(rows): Compiled {
    return {
      notes: rows.reduce((a, r) => a + r.length, 0),
      settle(r) {
        let c = 0;
        rows.forEach((row, p) => {
          if (row.includes(r[p]! > r[9 - p]! ? 'D' : 'T')) c++;
        });
        return c ? hit('DT', c) : NO_HIT;
      },
    };
  },
});

const sumPrizes: PrizeDef[] = [];
for (let s = 3; s <= 19; s++) sumPrizes.push({ key: `S${s}`, bonus: 90 / PK10_SUM_PAIRS[s]! });

const gyhSum = definePlay({
  family: F,
  playId: 4004,
  code: 'GYH_SUM',
  group: 'GYH',
  groupName: 'Champion + runner-up',
  name: 'Champion + runner-up sum',
  rule: 'Pick sums from 3 to 19; each is a note that wins when the cars of the 1st and 2nd places add up to it. The bonus depends on the sum.',
  price: 2,
  rows: [numRow('SUM', 'Sum', 3, 19, 1, 1, 17, 12)],
  prizes: sumPrizes,
  compile([row]): Compiled {
    const s = new Set(row!.map(Number));
    return {
      notes: s.size,
      settle(r) {
        const t = r[0]! + r[1]!;
        return s.has(t) ? hit(`S${t}`) : NO_HIT;
      },
    };
  },
});

// Of the 45 pairs: sums 12–19 (big) 20, 3–11 (small) 25, odd 25, even 20.
const gyhBsoe = definePlay({
  family: F,
  playId: 4005,
  code: 'GYH_BSOE',
  group: 'GYH',
  groupName: 'Champion + runner-up',
  name: 'Champion + runner-up big/small/odd/even',
  rule: 'On the sum of the 1st and 2nd places (3–19): Big 12–19, Small 3–11, Odd, Even; each pick is a note. The bonus depends on the pick.',
  price: 2,
  rows: [tokenRow('SUM', 'Sum', BSOE)],
  prizes: [
    { key: 'B', bonus: 4.5 },
    { key: 'S', bonus: 3.6 },
    { key: 'O', bonus: 3.6 },
    { key: 'E', bonus: 4.5 },
  ],
  compile([row]): Compiled {
    return {
      notes: row!.length,
      settle(r) {
        const t = r[0]! + r[1]!;
        const wins: [string, number][] = row!.map((x) => [
          x,
          (x === 'B' ? t >= 12 : x === 'S' ? t <= 11 : x === 'O' ? t % 2 === 1 : t % 2 === 0) ? 1 : 0,
        ]);
        return settlement(row!.length, 0, ...wins);
      },
    };
  },
});

const frontDirect = (playId: number, k: 2 | 3, bonus: number): PlayDef =>
  directPlay({
    family: F,
    playId,
    code: `Q${k}_DIRECT`,
    group: `Q${k}`,
    groupName: `Front ${k}`,
    name: `Front ${k} direct`,
    rule: `Pick cars for each of the first ${k} places; each choice of different cars is a note that wins when those cars finish 1st${k === 3 ? ', 2nd and 3rd' : ' and 2nd'} in that order.`,
    rows: Array.from({ length: k }, (_, p) => placeRow(p)),
    places: Array.from({ length: k }, (_, p) => p),
    bonus,
    distinct: true,
  });

export const PK10_PLAYS: readonly PlayDef[] = [
  dwd,
  bsoe,
  dragonTiger,
  gyhSum,
  gyhBsoe,
  frontDirect(4006, 2, 180),
  frontDirect(4007, 3, 1440),
];
