import {
  compilePositionPicks,
  BSOE,
  choose,
  definePlay,
  directPlay,
  floor4,
  hit,
  NO_HIT,
  numRow,
  settlement,
  tokenRow,
  type Compiled,
} from '../play.ts';
import type { PlayDef } from '../types.ts';

/**
 * SSC / 5D: five digits 0–9 (ten-thousands, thousands, hundreds, tens, units). A note costs 2 and
 * every bonus is the fair payout of a 2-unit note at series 2000 (return 100 %; the series sets
 * the house's share). Ties: dragon/tiger equal returns the stake.
 */

const F = 'SSC';
const PLACES = ['Ten-thousands', 'Thousands', 'Hundreds', 'Tens', 'Units'];
const digitRow = (p: number, minPick = 1) => numRow(`P${p + 1}`, PLACES[p]!, 0, 9, 1, minPick);
const pickRow = (minPick: number) => numRow('PICK', 'Numbers', 0, 9, 1, minPick);

const WINDOWS: Record<string, { name: string; pos: number[] }> = {
  Q3: { name: 'Front 3', pos: [0, 1, 2] },
  Z3: { name: 'Middle 3', pos: [1, 2, 3] },
  H3: { name: 'Back 3', pos: [2, 3, 4] },
};

const direct = (playId: number, code: string, name: string, group: string, pos: number[]): PlayDef =>
  directPlay({
    family: F,
    playId,
    code,
    group,
    groupName: `${pos.length}-star`,
    name,
    rule: `Pick a digit or more for each of ${pos.map((p) => PLACES[p]).join(', ')}; a note wins when every digit matches its place.`,
    rows: pos.map((p) => digitRow(p)),
    places: pos,
    bonus: 2 * 10 ** pos.length,
    distinct: false,
  });

function group3(playId: number, w: keyof typeof WINDOWS): PlayDef {
  const { name, pos } = WINDOWS[w]!;
  return definePlay({
    family: F,
    playId,
    code: `${w}_GROUP3`,
    group: '3X',
    groupName: '3-star',
    name: `${name} group 3`,
    rule: `Pick 2 or more digits; each note is a pair digit and a single digit from them. It wins when the ${name.toLowerCase()} digits are that pair and single in any order (a triple does not win).`,
    price: 2,
    rows: [pickRow(2)],
    prizes: [{ key: 'GROUP3', bonus: floor4(2 / 0.003) }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      const n = s.size;
      return {
        notes: n * (n - 1),
        settle(r) {
          const [a, b, c] = pos.map((p) => r[p]!) as [number, number, number];
          const pair = a === b ? a : a === c ? a : b === c ? b : -1;
          if (pair < 0 || (a === b && b === c)) return NO_HIT;
          const single = a === pair ? (b === pair ? c : b) : a;
          return s.has(pair) && s.has(single) ? hit('GROUP3') : NO_HIT;
        },
      };
    },
  });
}

function group6(playId: number, w: keyof typeof WINDOWS): PlayDef {
  const { name, pos } = WINDOWS[w]!;
  return definePlay({
    family: F,
    playId,
    code: `${w}_GROUP6`,
    group: '3X',
    groupName: '3-star',
    name: `${name} group 6`,
    rule: `Pick 3 or more digits; each note is 3 different digits from them. It wins when the ${name.toLowerCase()} digits are those three in any order.`,
    price: 2,
    rows: [pickRow(3)],
    prizes: [{ key: 'GROUP6', bonus: floor4(2 / 0.006) }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      return {
        notes: choose(s.size, 3),
        settle(r) {
          const [a, b, c] = pos.map((p) => r[p]!) as [number, number, number];
          return a !== b && b !== c && a !== c && s.has(a) && s.has(b) && s.has(c) ? hit('GROUP6') : NO_HIT;
        },
      };
    },
  });
}

function group2(playId: number, code: string, name: string, pos: [number, number]): PlayDef {
  return definePlay({
    family: F,
    playId,
    code,
    group: '2X',
    groupName: '2-star',
    name,
    rule: `Pick 2 or more digits; each note is 2 different digits from them. It wins when the two digits of ${PLACES[pos[0]]} and ${PLACES[pos[1]]} are those two in any order (a pair does not win).`,
    price: 2,
    rows: [pickRow(2)],
    prizes: [{ key: 'GROUP2', bonus: 100 }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      return {
        notes: choose(s.size, 2),
        settle(r) {
          const a = r[pos[0]]!;
          const b = r[pos[1]]!;
          return a !== b && s.has(a) && s.has(b) ? hit('GROUP2') : NO_HIT;
        },
      };
    },
  });
}

const dwd = definePlay({
  family: F,
  playId: 1016,
  code: 'DWD',
  group: '1X',
  groupName: '1-star',
  name: 'Position digit',
  rule: 'Pick digits on any of the five places; each digit is a note that wins when its place shows it.',
  price: 2,
  rows: PLACES.map((_, p) => digitRow(p, 0)),
  prizes: [{ key: 'DWD', bonus: 20 }],
  compile: compilePositionPicks,
});

const any1 = definePlay({
  family: F,
  playId: 1017,
  code: 'H3_ANY1',
  group: 'BDW',
  groupName: 'Any place',
  name: 'Back 3 any 1',
  rule: 'Pick digits; each is a note that wins once when it shows anywhere in the back 3 (hundreds, tens, units), however many times.',
  price: 2,
  rows: [pickRow(1)],
  // P(a digit shows in 3 digits) = 1 − 0.9³ = 0.271
  prizes: [{ key: 'ANY1', bonus: floor4(2 / 0.271) }],
  share: (floor4(2 / 0.271) * 0.271) / 2,
  compile([row]): Compiled {
    const picked = row!.map(Number);
    return {
      notes: picked.length,
      settle(r) {
        let c = 0;
        for (const d of picked) if (r[2] === d || r[3] === d || r[4] === d) c++;
        return c ? hit('ANY1', c) : NO_HIT;
      },
    };
  },
});

const bsoeOf = (d: number, t: string) =>
  t === 'B' ? d >= 5 : t === 'S' ? d <= 4 : t === 'O' ? d % 2 === 1 : d % 2 === 0;

const bsoe = definePlay({
  family: F,
  playId: 1018,
  code: 'BSOE',
  group: 'BSOE',
  groupName: 'Big small odd even',
  name: 'Big/small/odd/even by place',
  rule: 'For any place pick Big (5–9), Small (0–4), Odd or Even; each pick is a note that wins when the digit of its place is so.',
  price: 2,
  rows: PLACES.map((l, p) => tokenRow(`P${p + 1}`, l, BSOE, 0)),
  prizes: [{ key: 'BSOE', bonus: 4 }],
  compile(rows): Compiled {
    const notes = rows.reduce((a, r) => a + r.length, 0);
    return {
      notes,
      settle(r) {
        let c = 0;
        rows.forEach((row, p) => {
          for (const t of row) if (bsoeOf(r[p]!, t)) c++;
        });
        return c ? hit('BSOE', c) : NO_HIT;
      },
    };
  },
});

const sumBsoe = definePlay({
  family: F,
  playId: 1019,
  code: 'SUM_BSOE',
  group: 'BSOE',
  groupName: 'Big small odd even',
  name: 'Sum big/small/odd/even',
  rule: 'The sum of the five digits (0–45): Big 23–45, Small 0–22, Odd, Even; each pick is a note.',
  price: 2,
  rows: [tokenRow('SUM', 'Sum', BSOE)],
  prizes: [{ key: 'BSOE', bonus: 4 }],
  compile([row]): Compiled {
    return {
      notes: row!.length,
      settle(r) {
        const sum = r[0]! + r[1]! + r[2]! + r[3]! + r[4]!;
        let c = 0;
        for (const t of row!)
          if (t === 'B' ? sum >= 23 : t === 'S' ? sum <= 22 : t === 'O' ? sum % 2 === 1 : sum % 2 === 0) c++;
        return c ? hit('BSOE', c) : NO_HIT;
      },
    };
  },
});

const dragonTiger = definePlay({
  family: F,
  playId: 1020,
  code: 'DT',
  group: 'DT',
  groupName: 'Dragon tiger',
  name: 'Dragon / tiger',
  rule: 'Dragon wins when the ten-thousands digit is higher than the units digit, Tiger when it is lower; when they are equal it is a tie and the stake is returned.',
  price: 2,
  rows: [tokenRow('DT', 'Dragon / tiger', ['D', 'T'])],
  // P(win) 0.45, P(tie) 0.1 (returned): 0.45 × 4 / 2 + 0.1 = 1
  prizes: [{ key: 'DT', bonus: 4 }],
  compile([row]): Compiled {
    const notes = row!.length;
    return {
      notes,
      settle(r) {
        const a = r[0]!;
        const b = r[4]!;
        if (a === b) return settlement(notes, notes);
        return row!.includes(a > b ? 'D' : 'T') ? hit('DT') : NO_HIT;
      },
    };
  },
});

/** Poker hands of the five digits (of 100,000 results). A straight is five different consecutive digits (01234 … 56789). */
export const SSC_POKER_COUNTS: Readonly<Record<string, number>> = {
  FIVE: 10,
  FOUR: 450,
  FULL: 900,
  STRAIGHT: 720,
  THREE: 7200,
  TWOPAIR: 10800,
  PAIR: 50400,
  HIGH: 29520,
};

function pokerHand(r: readonly number[]): string {
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 5; i++) counts[r[i]!]!++;
  const c = counts.filter((x) => x > 0).sort((a, b) => b - a);
  if (c[0] === 5) return 'FIVE';
  if (c[0] === 4) return 'FOUR';
  if (c[0] === 3) return c[1] === 2 ? 'FULL' : 'THREE';
  if (c[0] === 2) return c[1] === 2 ? 'TWOPAIR' : 'PAIR';
  const lo = counts.indexOf(1);
  return counts.lastIndexOf(1) - lo === 4 ? 'STRAIGHT' : 'HIGH';
}

const poker = definePlay({
  family: F,
  playId: 1021,
  code: 'POKER',
  group: 'FUN',
  groupName: 'Poker and bull',
  name: 'Poker hands',
  rule: 'The five digits as a poker hand: five of a kind, four of a kind, full house, straight (five consecutive digits), three of a kind, two pairs, one pair or high card; each pick is a note. The bonus depends on the hand.',
  price: 2,
  rows: [tokenRow('HAND', 'Hand', Object.keys(SSC_POKER_COUNTS))],
  prizes: Object.entries(SSC_POKER_COUNTS).map(([key, n]) => ({ key, bonus: floor4(200_000 / n) })),
  compile([row]): Compiled {
    const s = new Set(row);
    return {
      notes: s.size,
      settle(r) {
        const h = pokerHand(r);
        return s.has(h) ? hit(h) : NO_HIT;
      },
    };
  },
});

/**
 * Bull (niu-niu): when three of the five digits add up to a multiple of 10, the bull is the sum of
 * the other two mod 10 (equal to the sum of all five mod 10; 0 is "bull-bull"); otherwise there is
 * no bull. Counts of 100,000 results.
 */
export const SSC_BULL_COUNTS: Readonly<Record<string, number>> = {
  N0: 6456,
  N1: 6375,
  N2: 6505,
  N3: 6375,
  N4: 6505,
  N5: 6375,
  N6: 6505,
  N7: 6375,
  N8: 6505,
  N9: 6375,
  NONE: 35649,
};

function bullOf(r: readonly number[]): number {
  const [a, b, c, d, e] = r as [number, number, number, number, number];
  const v = [a, b, c, d, e];
  for (let i = 0; i < 3; i++)
    for (let j = i + 1; j < 4; j++)
      for (let k = j + 1; k < 5; k++) if ((v[i]! + v[j]! + v[k]!) % 10 === 0) return (a + b + c + d + e) % 10;
  return -1;
}

const bull = definePlay({
  family: F,
  playId: 1022,
  code: 'BULL',
  group: 'FUN',
  groupName: 'Poker and bull',
  name: 'Bull',
  rule: 'When three of the five digits add up to 0, 10 or 20 (a multiple of ten), the bull is the last digit of the sum of the other two (0 is bull-bull); otherwise no bull. Pick bulls (or no bull); each pick is a note. The bonus depends on the pick.',
  price: 2,
  rows: [tokenRow('BULL', 'Bull', Object.keys(SSC_BULL_COUNTS))],
  prizes: Object.entries(SSC_BULL_COUNTS).map(([key, n]) => ({ key, bonus: floor4(200_000 / n) })),
  compile([row]): Compiled {
    const s = new Set(row);
    return {
      notes: s.size,
      settle(r) {
        const b = bullOf(r);
        const key = b < 0 ? 'NONE' : `N${b}`;
        return s.has(key) ? hit(key) : NO_HIT;
      },
    };
  },
});

// Big: bull 6–9 and bull-bull (32,216 results); small: bull 1–5 (32,135); odd: 1, 3, 5, 7, 9 (31,875);
// even: 2, 4, 6, 8 and bull-bull (32,476). No bull loses them all.
const BULL_BSOE_COUNTS: Readonly<Record<string, number>> = { B: 32_216, S: 32_135, O: 31_875, E: 32_476 };

const bullBsoe = definePlay({
  family: F,
  playId: 1023,
  code: 'BULL_BSOE',
  group: 'FUN',
  groupName: 'Poker and bull',
  name: 'Bull big/small/odd/even',
  rule: 'On the bull: Big is bull 6–9 or bull-bull, Small bull 1–5, Odd bull 1, 3, 5, 7, 9, Even bull 2, 4, 6, 8 or bull-bull; with no bull every pick loses. The bonus depends on the pick.',
  price: 2,
  rows: [tokenRow('BULL', 'Bull', BSOE)],
  prizes: Object.entries(BULL_BSOE_COUNTS).map(([key, n]) => ({ key, bonus: floor4(200_000 / n) })),
  compile([row]): Compiled {
    return {
      notes: row!.length,
      settle(r) {
        const b = bullOf(r);
        if (b < 0) return NO_HIT;
        const v = b === 0 ? 10 : b;
        const wins: [string, number][] = row!.map((t) => [
          t,
          (t === 'B' ? v >= 6 : t === 'S' ? v <= 5 : t === 'O' ? v % 2 === 1 : v % 2 === 0) ? 1 : 0,
        ]);
        return settlement(row!.length, 0, ...wins);
      },
    };
  },
});

/** Ordered 3-digit combinations with each sum 0–27 and each span (largest − smallest digit) 0–9. */
const WAYS3_SUM: readonly number[] = (() => {
  const w = new Array<number>(28).fill(0);
  for (let i = 0; i < 1000; i++) w[Math.floor(i / 100) + (Math.floor(i / 10) % 10) + (i % 10)]!++;
  return w;
})();
const WAYS3_SPAN: readonly number[] = Array.from({ length: 10 }, (_, d) => (d === 0 ? 10 : 6 * d * (10 - d)));

function sumOrSpan(playId: number, w: keyof typeof WINDOWS, kind: 'SUM' | 'SPAN'): PlayDef {
  const { name, pos } = WINDOWS[w]!;
  const ways = kind === 'SUM' ? WAYS3_SUM : WAYS3_SPAN;
  const value = (r: readonly number[]) => {
    const [a, b, c] = pos.map((p) => r[p]!) as [number, number, number];
    return kind === 'SUM' ? a + b + c : Math.max(a, b, c) - Math.min(a, b, c);
  };
  return definePlay({
    family: F,
    playId,
    code: `${w}_${kind}`,
    group: '3X',
    groupName: '3-star',
    name: `${name} ${kind === 'SUM' ? 'sum' : 'span'}`,
    rule:
      kind === 'SUM'
        ? `Pick sums 0–27; each stands for every ${name.toLowerCase()} number with that digit sum (one note each), and the note of the drawn number wins.`
        : `Pick spans 0–9 (largest minus smallest digit); each stands for every ${name.toLowerCase()} number with that span (one note each), and the note of the drawn number wins.`,
    price: 2,
    rows: [numRow(kind, kind === 'SUM' ? 'Sum' : 'Span', 0, kind === 'SUM' ? 27 : 9, 1, 1)],
    prizes: [{ key: 'DIRECT', bonus: 2000 }],
    compile([row]): Compiled {
      const s = new Set(row!.map(Number));
      let notes = 0;
      for (const v of s) notes += ways[v]!;
      return { notes, settle: (r) => (s.has(value(r)) ? hit('DIRECT') : NO_HIT) };
    },
  });
}

/**
 * Group plays of 5 or 4 places: the digits make `k1` groups of `M` alike and `k2` groups of `m`
 * alike, in any order. 5-star: 120 (five different), 60 (a pair and three singles), 30 (two pairs
 * and a single), 20 (a triple and two singles), 10 (a triple and a pair), 5 (four and a single);
 * back-4: 24 (four different), 12 (a pair and two singles), 6 (two pairs), 4 (a triple and a
 * single). With a minor part the rows are the major and the minor digits and a note is a choice of
 * the major group(s) and different minor digit(s); without, one row and a note per choice of k1.
 */
function groupPlay(playId: number, places: number[], M: number, k1: number, m: number, k2: number): PlayDef {
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  const ways = fact(places.length) / (fact(M) ** k1 * fact(m) ** k2);
  const star = places.length === 5 ? '5X' : '4X';
  const key = `GROUP${ways}`;
  const label = (n: number) => (n === 1 ? 'single' : n === 2 ? 'pair' : n === 3 ? 'triple' : 'four');
  const where = places.length === 5 ? 'the five digits' : 'the back 4 digits';
  return definePlay({
    family: F,
    playId,
    code: `${star}_${key}`,
    group: star,
    groupName: `${places.length}-star`,
    name: `${places.length === 5 ? '5-star' : 'Back 4'} group ${ways}`,
    rule:
      k2 === 0
        ? M === 1
          ? `Pick ${k1} or more digits; each group of ${k1} different digits is a note that wins when ${where} are those, in any order.`
          : `Pick ${k1} or more digits; each choice of ${k1} ${label(M)}s is a note that wins when ${where} are exactly those ${label(M)}s, in any order.`
        : `Pick ${label(M)} digits and ${label(m)} digits; each choice of ${k1} ${label(M)}${k1 > 1 ? 's' : ''} and ${k2} different ${label(m)}${k2 > 1 ? 's' : ''} is a note that wins when ${where} are exactly those, in any order.`,
    price: 2,
    rows:
      k2 === 0
        ? [numRow('PICK', 'Numbers', 0, 9, 1, k1)]
        : [
            numRow('MAJOR', label(M)[0]!.toUpperCase() + label(M).slice(1), 0, 9, 1, k1),
            numRow('MINOR', label(m)[0]!.toUpperCase() + label(m).slice(1), 0, 9, 1, k2),
          ],
    prizes: [{ key, bonus: floor4((2 * 10 ** places.length) / ways) }],
    compile([majors, minors]): Compiled {
      const A = [...new Set(majors!.map(Number))];
      const As = new Set(A);
      const B = new Set((minors ?? []).map(Number));
      let notes = 0;
      if (k2 === 0) notes = choose(A.length, k1);
      else {
        const rec = (from: number, chosen: number[]) => {
          if (chosen.length === k1) {
            let free = 0;
            for (const b of B) if (!chosen.includes(b)) free++;
            notes += choose(free, k2);
            return;
          }
          for (let i = from; i < A.length; i++) rec(i + 1, [...chosen, A[i]!]);
        };
        rec(0, []);
      }
      return {
        notes,
        settle(r) {
          const counts = new Array<number>(10).fill(0);
          for (const p of places) counts[r[p]!]!++;
          let nMajor = 0;
          let nMinor = 0;
          for (let d = 0; d < 10; d++) {
            const c = counts[d]!;
            if (c === 0) continue;
            if (c === M && As.has(d)) nMajor++;
            else if (k2 > 0 && c === m && B.has(d)) nMinor++;
            else return NO_HIT;
          }
          return nMajor === k1 && nMinor === k2 ? hit(key) : NO_HIT;
        },
      };
    },
  });
}

export const SSC_PLAYS: readonly PlayDef[] = [
  direct(1001, '5X_DIRECT', '5-star direct', '5X', [0, 1, 2, 3, 4]),
  groupPlay(1030, [0, 1, 2, 3, 4], 1, 5, 1, 0),
  groupPlay(1031, [0, 1, 2, 3, 4], 2, 1, 1, 3),
  groupPlay(1032, [0, 1, 2, 3, 4], 2, 2, 1, 1),
  groupPlay(1033, [0, 1, 2, 3, 4], 3, 1, 1, 2),
  groupPlay(1034, [0, 1, 2, 3, 4], 3, 1, 2, 1),
  groupPlay(1035, [0, 1, 2, 3, 4], 4, 1, 1, 1),
  direct(1002, '4X_DIRECT', 'Back 4 direct', '4X', [1, 2, 3, 4]),
  groupPlay(1036, [1, 2, 3, 4], 1, 4, 1, 0),
  groupPlay(1037, [1, 2, 3, 4], 2, 1, 1, 2),
  groupPlay(1038, [1, 2, 3, 4], 2, 2, 1, 0),
  groupPlay(1039, [1, 2, 3, 4], 3, 1, 1, 1),
  direct(1003, 'Q3_DIRECT', 'Front 3 direct', '3X', [0, 1, 2]),
  sumOrSpan(1024, 'Q3', 'SUM'),
  sumOrSpan(1027, 'Q3', 'SPAN'),
  group3(1006, 'Q3'),
  group6(1007, 'Q3'),
  direct(1004, 'Z3_DIRECT', 'Middle 3 direct', '3X', [1, 2, 3]),
  sumOrSpan(1025, 'Z3', 'SUM'),
  sumOrSpan(1028, 'Z3', 'SPAN'),
  group3(1008, 'Z3'),
  group6(1009, 'Z3'),
  direct(1005, 'H3_DIRECT', 'Back 3 direct', '3X', [2, 3, 4]),
  sumOrSpan(1026, 'H3', 'SUM'),
  sumOrSpan(1029, 'H3', 'SPAN'),
  group3(1010, 'H3'),
  group6(1011, 'H3'),
  direct(1012, 'Q2_DIRECT', 'Front 2 direct', '2X', [0, 1]),
  direct(1013, 'H2_DIRECT', 'Back 2 direct', '2X', [3, 4]),
  group2(1014, 'Q2_GROUP', 'Front 2 group', [0, 1]),
  group2(1015, 'H2_GROUP', 'Back 2 group', [3, 4]),
  dwd,
  any1,
  bsoe,
  sumBsoe,
  dragonTiger,
  poker,
  bull,
  bullBsoe,
];
