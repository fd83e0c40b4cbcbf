import { familyOf } from '../families.ts';
import {
  choose,
  definePlay,
  floor4,
  hit,
  NO_HIT,
  numRow,
  settlement,
  tokenRow,
  typedRow,
  type Compiled,
} from '../play.ts';
import type { Family, PlayDef } from '../types.ts';

/**
 * Vietnamese lotteries: the fast North-style game (VNFAST, 27 numbers) and the traditional North
 * (27), Central and South (18). A lô note costs one point per number it is checked against (27 or
 * 18 for lô 2 số, 23/17 for lô 3 số, 20/16 for lô 4 số) and pays its bonus per occurrence; every
 * other play costs 1 per note. Bonuses are fair at series 2000 (100 % return) when each drawn digit
 * is uniform; xiên and trượt bonuses are 1 ÷ their probability rounded down to 4 decimals.
 * Lô pays per occurrence, xiên once per group however often its numbers appear. The special's
 * digit sum 9 is a tie on big/small (the stake is returned).
 */

const PLAY_BASE: Record<string, number> = { VNFAST: 5000, VNNORTH: 6000, VNCENTRAL: 7000, VNSOUTH: 8000 };

/** P(all k given two-digit numbers show among n independent uniform ones). */
export const xienProbability = (k: number, n: number): number => {
  let p = 0;
  for (let j = 0; j <= k; j++) p += (j % 2 ? -1 : 1) * choose(k, j) * (1 - j / 100) ** n;
  return p;
};
/** P(none of k given two-digit numbers shows among n independent uniform ones). */
export const truotProbability = (k: number, n: number): number => (1 - k / 100) ** n;

const pickRow = (minPick: number, maxPick = 100) => numRow('PICK', 'Numbers', 0, 99, 2, minPick, maxPick, 50);

export function vnPlays(family: Family): PlayDef[] {
  const f = familyOf(family);
  const base = PLAY_BASE[family]!;
  const n2 = f.slots.length; // numbers checked by lô 2 số
  const idx3 = f.slots.flatMap((s, i) => (s.digits >= 3 ? [i] : []));
  const idx4 = f.slots.flatMap((s, i) => (s.digits >= 4 ? [i] : []));
  const g8 = f.slots.findIndex((s) => s.prize === 'G8');
  const P = (o: Omit<Parameters<typeof definePlay>[0], 'family' | 'playId'> & { id: number }) => {
    const { id, ...rest } = o;
    return definePlay({ family, playId: base + id, ...rest });
  };

  const lo = (id: number, digits: 2 | 3 | 4, idx: number[]) => {
    const mod = 10 ** digits;
    return P({
      id,
      code: `LO${digits}`,
      group: 'LO',
      groupName: 'Lô',
      name: `Lô ${digits} số`,
      rule: `Pick ${digits}-digit numbers; each is a note checked against the last ${digits} digits of the ${idx.length} numbers that have them, paying once for every number that ends so (two endings pay twice). A note costs ${idx.length} points.`,
      price: idx.length,
      rows: [digits === 2 ? pickRow(1) : typedRow('PICK', 'Numbers', digits, 1, 100)],
      prizes: [{ key: `LO${digits}`, bonus: mod }],
      compile([row]): Compiled {
        const picked = new Set(row!.map(Number));
        return {
          notes: picked.size,
          settle(r) {
            let c = 0;
            for (const i of idx) if (picked.has(r[i]! % mod)) c++;
            return c ? hit(`LO${digits}`, c) : NO_HIT;
          },
        };
      },
    });
  };

  const special = (
    id: number,
    code: string,
    name: string,
    rule: string,
    row: ReturnType<typeof pickRow>,
    value: (r: readonly number[]) => number,
    bonus: number,
  ) =>
    P({
      id,
      code,
      group: 'DE',
      groupName: 'Đề',
      name,
      rule,
      price: 1,
      rows: [row],
      prizes: [{ key: code, bonus }],
      compile([picks]): Compiled {
        const s = new Set(picks!.map(Number));
        return { notes: s.size, settle: (r) => (s.has(value(r)) ? hit(code) : NO_HIT) };
      },
    });

  /** How many of the picked two-digit numbers show among the last two digits of the n2 numbers. */
  const shownAmongLastTwo = (r: readonly number[], picked: readonly number[]): number => {
    const seen = new Set<number>();
    for (let i = 0; i < n2; i++) seen.add(r[i]! % 100);
    let m = 0;
    for (const x of picked) if (seen.has(x)) m++;
    return m;
  };

  const xien = (id: number, k: number) => {
    const bonus = floor4(1 / xienProbability(k, n2));
    return P({
      id,
      code: `XIEN${k}`,
      group: 'XIEN',
      groupName: 'Xiên',
      name: `Xiên ${k}`,
      rule: `Pick ${k} or more two-digit numbers; each group of ${k} is a note that wins once when all ${k} show among the last two digits of the ${n2} numbers, however often.`,
      price: 1,
      rows: [pickRow(k, 16)],
      prizes: [{ key: `XIEN${k}`, bonus }],
      share: bonus * xienProbability(k, n2),
      compile([row]): Compiled {
        const picked = row!.map(Number);
        return {
          notes: choose(picked.length, k),
          settle(r) {
            const m = shownAmongLastTwo(r, picked);
            const c = choose(m, k);
            return c ? hit(`XIEN${k}`, c) : NO_HIT;
          },
        };
      },
    });
  };

  const truot = (id: number, k: number) => {
    const bonus = floor4(1 / truotProbability(k, n2));
    return P({
      id,
      code: `TRUOT${k}`,
      group: 'TRUOT',
      groupName: 'Lô trượt',
      name: `Trượt ${k}`,
      rule: `Pick ${k} or more two-digit numbers; each group of ${k} is a note that wins when none of them shows among the last two digits of the ${n2} numbers.`,
      price: 1,
      rows: [pickRow(k, 16)],
      prizes: [{ key: `TRUOT${k}`, bonus }],
      share: bonus * truotProbability(k, n2),
      compile([row]): Compiled {
        const picked = row!.map(Number);
        return {
          notes: choose(picked.length, k),
          settle(r) {
            const m = shownAmongLastTwo(r, picked);
            const c = choose(picked.length - m, k);
            return c ? hit(`TRUOT${k}`, c) : NO_HIT;
          },
        };
      },
    });
  };

  const bsoe = P({
    id: 16,
    code: 'BSOE',
    group: 'FUN',
    groupName: 'Big small odd even',
    name: 'Special big/small/odd/even',
    rule: "On the special prize's last two digits: Big when their digit sum is 10–18, Small when 0–8, and a sum of 9 is a tie (the stake is returned); Odd or Even by the last digit.",
    price: 1,
    rows: [tokenRow('DE', 'Special', ['B', 'S', 'O', 'E'])],
    // B/S: 45 of 100 win, 10 tie: 0.45 × 2 + 0.1 = 1; O/E: 50 of 100
    prizes: [{ key: 'BSOE', bonus: 2 }],
    compile([row]): Compiled {
      const notes = row!.length;
      return {
        notes,
        settle(r) {
          const two = r[0]! % 100;
          const sum = Math.floor(two / 10) + (two % 10);
          let c = 0;
          let tie = 0;
          for (const t of row!) {
            if (t === 'B' || t === 'S') {
              if (sum === 9) tie++;
              else if (t === 'B' ? sum >= 10 : sum <= 8) c++;
            } else if (t === 'O' ? two % 2 === 1 : two % 2 === 0) c++;
          }
          return settlement(notes, tie, ['BSOE', c]);
        },
      };
    },
  });

  const digitRow = numRow('PICK', 'Digits', 0, 9, 1, 1);
  const plays = [
    lo(
      1,
      2,
      f.slots.map((_, i) => i),
    ),
    lo(2, 3, idx3),
    lo(3, 4, idx4),
    special(
      4,
      'DE',
      'Đề',
      "Pick two-digit numbers; each is a note that wins when the special prize's last two digits are it.",
      pickRow(1),
      (r) => r[0]! % 100,
      100,
    ),
    ...(g8 >= 0
      ? [
          special(
            5,
            'DE_G8',
            'Đề đầu (8th prize)',
            'Pick two-digit numbers; each is a note that wins when the 8th prize is it.',
            pickRow(1),
            (r) => r[g8]!,
            100,
          ),
        ]
      : []),
    special(
      6,
      'DAU',
      'Đầu',
      "Pick digits; each is a note that wins when the tens digit of the special prize's last two is it.",
      digitRow,
      (r) => Math.floor((r[0]! % 100) / 10),
      10,
    ),
    special(
      7,
      'DUOI',
      'Đuôi',
      "Pick digits; each is a note that wins when the special prize's last digit is it.",
      digitRow,
      (r) => r[0]! % 10,
      10,
    ),
    special(
      8,
      'CANG3',
      '3 càng',
      "Type three-digit numbers; each is a note that wins when the special prize's last three digits are it.",
      typedRow('PICK', 'Numbers', 3, 1, 100),
      (r) => r[0]! % 1000,
      1000,
    ),
    special(
      9,
      'CANG4',
      '4 càng',
      "Type four-digit numbers; each is a note that wins when the special prize's last four digits are it.",
      typedRow('PICK', 'Numbers', 4, 1, 100),
      (r) => r[0]! % 10000,
      10000,
    ),
    xien(10, 2),
    xien(11, 3),
    xien(12, 4),
    truot(13, 4),
    truot(14, 8),
    truot(15, 10),
    bsoe,
  ];
  return plays;
}
