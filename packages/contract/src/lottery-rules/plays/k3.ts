import { choose, definePlay, floor4, hit, NO_HIT, numRow, tokenRow, type Compiled } from '../play.ts';
import type { PlayDef, PrizeDef } from '../types.ts';

/**
 * K3 (fast 3): three dice 1–6, 216 equally likely results. Each bonus is the fair payout of a
 * 2-unit note at series 2000 (2 × 216 ÷ winning results), rounded down to 4 decimals. A triple
 * makes big/small/odd/even lose; sum bets take 4–17 only (3 and 18 are triples).
 */

const F = 'K3';
const fair = (wins: number) => floor4(432 / wins);
const dieRow = (key: string, label: string, minPick: number) => numRow(key, label, 1, 6, 1, minPick);

/** Ways to throw each sum with three dice. */
export const K3_SUM_WAYS: Readonly<Record<number, number>> = {
  3: 1,
  4: 3,
  5: 6,
  6: 10,
  7: 15,
  8: 21,
  9: 25,
  10: 27,
  11: 27,
  12: 25,
  13: 21,
  14: 15,
  15: 10,
  16: 6,
  17: 3,
  18: 1,
};

const sumPrizes: PrizeDef[] = [];
for (let s = 4; s <= 17; s++) sumPrizes.push({ key: `S${s}`, bonus: fair(K3_SUM_WAYS[s]!) });

const isTriple = (r: readonly number[]) => r[0] === r[1] && r[1] === r[2];
const sorted = (r: readonly number[]) =>
  [r[0]!, r[1]!, r[2]!].sort((a, b) => a - b) as [number, number, number];

const sum = definePlay({
  family: F,
  playId: 3001,
  code: 'SUM',
  group: 'SUM',
  groupName: 'Sum',
  name: 'Sum',
  rule: 'Pick sums from 4 to 17; each is a note that wins when the three dice add up to it. The bonus depends on the sum.',
  price: 2,
  rows: [numRow('SUM', 'Sum', 4, 17, 1, 1, 14, 11)],
  prizes: sumPrizes,
  compile([row]): Compiled {
    const s = new Set(row!.map(Number));
    return {
      notes: s.size,
      settle(r) {
        const t = r[0]! + r[1]! + r[2]!;
        return s.has(t) ? hit(`S${t}`) : NO_HIT;
      },
    };
  },
});

const bsoe = definePlay({
  family: F,
  playId: 3002,
  code: 'BSOE',
  group: 'SUM',
  groupName: 'Sum',
  name: 'Big/small/odd/even',
  rule: 'On the sum of the dice: Big 11–17, Small 4–10, Odd, Even; each pick is a note. A triple (three dice alike) makes every one of them lose.',
  price: 2,
  rows: [tokenRow('SUM', 'Sum', ['B', 'S', 'O', 'E'])],
  // 105 of 216 results win each of them
  prizes: [{ key: 'BSOE', bonus: fair(105) }],
  share: (fair(105) * 105) / 432,
  compile([row]): Compiled {
    return {
      notes: row!.length,
      settle(r) {
        if (isTriple(r)) return NO_HIT;
        const t = r[0]! + r[1]! + r[2]!;
        let c = 0;
        for (const x of row!)
          if (x === 'B' ? t >= 11 : x === 'S' ? t <= 10 : x === 'O' ? t % 2 === 1 : t % 2 === 0) c++;
        return c ? hit('BSOE', c) : NO_HIT;
      },
    };
  },
});

const single = definePlay({
  family: F,
  playId: 3003,
  code: 'SINGLE',
  group: 'SINGLE',
  groupName: 'Single number',
  name: 'Single number',
  rule: 'Pick dice numbers; each is a note that wins once when at least one die shows it, however many do.',
  price: 2,
  rows: [dieRow('PICK', 'Numbers', 1)],
  // 216 − 125 = 91 results show a given number
  prizes: [{ key: 'SINGLE', bonus: fair(91) }],
  share: (fair(91) * 91) / 432,
  compile([row]): Compiled {
    const picked = row!.map(Number);
    return {
      notes: picked.length,
      settle(r) {
        let c = 0;
        for (const d of picked) if (r[0] === d || r[1] === d || r[2] === d) c++;
        return c ? hit('SINGLE', c) : NO_HIT;
      },
    };
  },
});

const count = (r: readonly number[], d: number) =>
  (r[0] === d ? 1 : 0) + (r[1] === d ? 1 : 0) + (r[2] === d ? 1 : 0);

const twoSameAny = definePlay({
  family: F,
  playId: 3004,
  code: 'TWO_SAME_ANY',
  group: 'TWO_SAME',
  groupName: 'Two same',
  name: 'Two same (any)',
  rule: 'Pick numbers; each is a note that wins when at least two dice show it (a triple of it wins too).',
  price: 2,
  rows: [dieRow('PAIR', 'Pair', 1)],
  prizes: [{ key: 'TWO_SAME_ANY', bonus: 27 }], // 15 + 1 of 216
  compile([row]): Compiled {
    const picked = row!.map(Number);
    return {
      notes: picked.length,
      settle(r) {
        let c = 0;
        for (const d of picked) if (count(r, d) >= 2) c++;
        return c ? hit('TWO_SAME_ANY', c) : NO_HIT;
      },
    };
  },
});

const twoSameSingle = definePlay({
  family: F,
  playId: 3005,
  code: 'TWO_SAME_SINGLE',
  group: 'TWO_SAME',
  groupName: 'Two same',
  name: 'Two same + one',
  rule: 'Pick pair numbers and single numbers; each pair with a different single is a note that wins when the dice are exactly that pair and that single.',
  price: 2,
  rows: [dieRow('PAIR', 'Pair', 1), dieRow('SINGLE', 'Single', 1)],
  prizes: [{ key: 'TWO_SAME_SINGLE', bonus: 144 }], // 3 of 216
  compile([pairs, singles]): Compiled {
    const p = new Set(pairs!.map(Number));
    const s = new Set(singles!.map(Number));
    let notes = 0;
    for (const a of p) for (const b of s) if (a !== b) notes++;
    return {
      notes,
      settle(r) {
        const [a, b, c] = sorted(r);
        if (a === c) return NO_HIT;
        const pair = a === b ? a : b === c ? b : -1;
        if (pair < 0) return NO_HIT;
        const one = a === b ? c : a;
        return p.has(pair) && s.has(one) ? hit('TWO_SAME_SINGLE') : NO_HIT;
      },
    };
  },
});

const twoDiff = definePlay({
  family: F,
  playId: 3006,
  code: 'TWO_DIFF',
  group: 'DIFF',
  groupName: 'Different',
  name: 'Two different',
  rule: 'Pick 2 or more numbers; each pair of them is a note that wins when both show among the dice.',
  price: 2,
  rows: [dieRow('PICK', 'Numbers', 2)],
  prizes: [{ key: 'TWO_DIFF', bonus: 14.4 }], // 30 of 216
  compile([row]): Compiled {
    const picked = row!.map(Number);
    return {
      notes: choose(picked.length, 2),
      settle(r) {
        let m = 0;
        for (const d of picked) if (count(r, d) > 0) m++;
        const c = choose(m, 2);
        return c ? hit('TWO_DIFF', c) : NO_HIT;
      },
    };
  },
});

const threeSame = definePlay({
  family: F,
  playId: 3007,
  code: 'THREE_SAME',
  group: 'THREE_SAME',
  groupName: 'Triple',
  name: 'Specific triple',
  rule: 'Pick numbers; each is a note that wins when all three dice show it.',
  price: 2,
  rows: [dieRow('PICK', 'Triple', 1)],
  prizes: [{ key: 'THREE_SAME', bonus: 432 }],
  compile([row]): Compiled {
    const s = new Set(row!.map(Number));
    return { notes: s.size, settle: (r) => (isTriple(r) && s.has(r[0]!) ? hit('THREE_SAME') : NO_HIT) };
  },
});

const threeSameAny = definePlay({
  family: F,
  playId: 3008,
  code: 'THREE_SAME_ANY',
  group: 'THREE_SAME',
  groupName: 'Triple',
  name: 'Any triple',
  rule: 'One note that wins when the three dice are alike (any of 111…666).',
  price: 2,
  rows: [tokenRow('ALL', 'Any triple', ['ALL'])],
  prizes: [{ key: 'THREE_SAME_ANY', bonus: 72 }],
  compile(): Compiled {
    return { notes: 1, settle: (r) => (isTriple(r) ? hit('THREE_SAME_ANY') : NO_HIT) };
  },
});

const threeDiff = definePlay({
  family: F,
  playId: 3009,
  code: 'THREE_DIFF',
  group: 'DIFF',
  groupName: 'Different',
  name: 'Three different',
  rule: 'Pick 3 or more numbers; each group of three is a note that wins when the dice show exactly those three, in any order.',
  price: 2,
  rows: [dieRow('PICK', 'Numbers', 3)],
  prizes: [{ key: 'THREE_DIFF', bonus: 72 }],
  compile([row]): Compiled {
    const s = new Set(row!.map(Number));
    return {
      notes: choose(s.size, 3),
      settle(r) {
        const [a, b, c] = sorted(r);
        return a !== b && b !== c && s.has(a) && s.has(b) && s.has(c) ? hit('THREE_DIFF') : NO_HIT;
      },
    };
  },
});

const threeSeq = definePlay({
  family: F,
  playId: 3010,
  code: 'THREE_SEQ_ANY',
  group: 'DIFF',
  groupName: 'Different',
  name: 'Any straight',
  rule: 'One note that wins when the dice make a run: 1-2-3, 2-3-4, 3-4-5 or 4-5-6 in any order.',
  price: 2,
  rows: [tokenRow('ALL', 'Any straight', ['ALL'])],
  prizes: [{ key: 'THREE_SEQ_ANY', bonus: 18 }],
  compile(): Compiled {
    return {
      notes: 1,
      settle(r) {
        const [a, b, c] = sorted(r);
        return b === a + 1 && c === b + 1 ? hit('THREE_SEQ_ANY') : NO_HIT;
      },
    };
  },
});

export const K3_PLAYS: readonly PlayDef[] = [
  sum,
  bsoe,
  single,
  twoSameAny,
  twoSameSingle,
  twoDiff,
  threeSame,
  threeSameAny,
  threeDiff,
  threeSeq,
];
