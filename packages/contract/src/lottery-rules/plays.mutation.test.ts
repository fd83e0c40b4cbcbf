import { describe, expect, it } from 'vitest';
import { parseWinNo, playOf, type Family, type PlayDef } from './index.ts';
import { vnPlays } from './plays/vn.ts';

/**
 * What a bet on each play wins at the edges of its rule, where the mutation run
 * (docs/mutation-testing.md, module lottery-plays) found no test holding it: big/small at the
 * number where it turns, a pick that loses beside one that wins, ties, and the Vietnamese plays'
 * hit counting, prices and bonuses.
 *
 * The Vietnamese tables are built here with `vnPlays`, not read from the registry: the registry
 * builds every table once per test file, so only the test that happens to ask first runs their
 * construction (the slots each lô reads, the bonuses), and per-test coverage would try a change
 * there against that test alone.
 */

/** [content, winNo, notes, hits as "KEY×count …" ("" for none), refunded notes], as in plays.test.ts. */
type Row = [content: string, winNo: string, notes: number, hits: string, refund?: number];

function check(play: PlayDef, rows: Row[]) {
  for (const [content, winNo, notes, hits, refund = 0] of rows) {
    const where = `${play.family} ${play.code} ${content} on ${winNo}`;
    expect(play.countNotes(content), where).toBe(notes);
    const s = play.settle(parseWinNo(play.family, winNo), content);
    expect(s.hits.map((h) => `${h.prizeKey}×${h.count}`).join(' '), where).toBe(hits);
    expect(s.refundNotes, where).toBe(refund);
    expect(s.refund, where).toBe(refund > 0 && refund === notes);
  }
}

/** A positional content with `picks` on place p (from 0) of n and the other places empty. */
const at = (p: number, picks: string, n: number) =>
  Array.from({ length: n }, (_, i) => (i === p ? picks : '')).join('_');

describe('11X5: sum big/small, dragon/tiger, big/small/odd/even by place, front group', () => {
  const SUM_BS = playOf('11X5', 'SUM_BS');
  it('a sum above 30 wins big only, below 30 small only, exactly 30 returns each pick', () => {
    check(SUM_BS, [
      ['B', '11,10,05,03,02', 1, 'BS×1'], // 31
      ['S', '11,10,05,03,02', 1, ''],
      ['S', '11,10,04,03,01', 1, 'BS×1'], // 29
      ['B', '11,10,04,03,01', 1, ''],
      ['S', '01,02,03,04,05', 1, 'BS×1'], // 15, the least
      ['S', '11,10,04,03,02', 1, '', 1], // 30
      ['B', '11,10,04,03,02', 1, '', 1],
    ]);
  });

  it('dragon wins when the 1st ball is higher than the 5th, tiger when it is lower', () => {
    check(playOf('11X5', 'DT'), [
      ['T', '01,02,03,04,09', 1, 'DT×1'],
      ['T', '09,01,02,03,04', 1, ''],
      ['D', '09,01,02,03,04', 1, 'DT×1'],
      ['D', '10,01,02,03,11', 1, ''],
    ]);
  });

  it('on a place, big is 06–10 and small 01–05; odd and even by the ball', () => {
    const BSOE = playOf('11X5', 'BSOE');
    const five = '05,01,02,03,04';
    const six = '06,01,02,03,04';
    check(BSOE, [
      [at(0, 'B', 5), five, 1, ''],
      [at(0, 'S', 5), five, 1, 'BSOE×1'],
      [at(0, 'O', 5), five, 1, 'BSOE×1'],
      [at(0, 'E', 5), five, 1, ''],
      [at(0, 'B', 5), six, 1, 'BSOE×1'],
      [at(0, 'S', 5), six, 1, ''],
      [at(0, 'O', 5), six, 1, ''],
      [at(0, 'E', 5), six, 1, 'BSOE×1'],
      [at(0, 'E', 5), '10,01,02,03,04', 1, 'BSOE×1'],
      [at(0, 'B,O', 5), '01,02,03,04,05', 2, 'BSOE×1'],
    ]);
  });

  it('front 2/3 group loses unless each of the first k balls is picked', () => {
    check(playOf('11X5', 'Q2_GROUP'), [
      ['01,02', '01,03,02,04,05', 1, ''],
      ['01,02', '03,02,01,04,05', 1, ''],
      ['01,02,03', '01,04,02,03,05', 3, ''],
    ]);
    check(playOf('11X5', 'Q3_GROUP'), [
      ['01,02,03', '01,02,04,03,05', 1, ''],
      ['01,02,03', '04,02,01,03,05', 1, ''],
      ['01,02,03', '02,03,01,04,05', 1, 'GROUP×1'],
    ]);
  });
});

describe('K3: big/small/odd/even, single, two same + one, three different, straight', () => {
  it('the sum 10 is small and even, 11 big and odd; a pair that is not a triple still counts', () => {
    check(playOf('K3', 'BSOE'), [
      ['B', '1,3,6', 1, ''],
      ['S', '1,3,6', 1, 'BSOE×1'],
      ['O', '1,3,6', 1, ''],
      ['E', '1,3,6', 1, 'BSOE×1'],
      ['B', '1,4,6', 1, 'BSOE×1'],
      ['S', '1,4,6', 1, ''],
      ['O', '1,4,6', 1, 'BSOE×1'],
      ['E', '1,4,6', 1, ''],
      ['S,O', '1,4,4', 2, 'BSOE×2'], // 9: the last two dice alike, not a triple
      ['B,E', '5,5,6', 2, 'BSOE×2'], // 16
    ]);
  });

  it('a single number wins whichever die shows it', () => {
    check(playOf('K3', 'SINGLE'), [
      ['1', '1,2,3', 1, 'SINGLE×1'],
      ['2', '1,2,3', 1, 'SINGLE×1'],
      ['3', '1,2,3', 1, 'SINGLE×1'],
      ['4', '1,2,3', 1, ''],
    ]);
  });

  it('two same + one: the pair and the single each in their own row; no pair or a triple loses', () => {
    check(playOf('K3', 'TWO_SAME_SINGLE'), [
      ['5_3', '3,5,5', 1, 'TWO_SAME_SINGLE×1'], // the pair the higher number
      ['3_5', '3,5,5', 1, ''], // pair and single the wrong way round
      ['3_5', '5,3,3', 1, 'TWO_SAME_SINGLE×1'],
      ['3_4', '3,3,5', 1, ''], // the pair picked, not the single
      ['4_5', '3,3,5', 1, ''], // the single picked, not the pair
      ['2_1', '1,2,3', 1, ''],
      ['1_2', '2,3,4', 1, ''],
      ['3_3,5', '3,3,3', 1, ''], // a triple, though 3 is picked as pair and single
    ]);
  });

  it('three different needs three different dice; the straight needs all three in a run', () => {
    check(playOf('K3', 'THREE_DIFF'), [
      ['1,2,3', '1,2,2', 1, ''],
      ['1,2,3', '2,1,2', 1, ''],
      ['1,2,3', '3,1,2', 1, 'THREE_DIFF×1'],
    ]);
    check(playOf('K3', 'THREE_SEQ_ANY'), [
      ['ALL', '1,3,4', 1, ''],
      ['ALL', '6,4,5', 1, 'THREE_SEQ_ANY×1'],
      ['ALL', '2,3,3', 1, ''],
    ]);
  });
});

describe('PK10: big/small/odd/even by place, the five dragon/tiger duels, champion + runner-up', () => {
  it('on a place, big is 06–10 and small 01–05; odd and even by the car', () => {
    const BSOE = playOf('PK10', 'BSOE');
    const R = '05,06,01,02,03,04,07,08,09,10';
    check(BSOE, [
      [at(0, 'B', 10), R, 1, ''],
      [at(0, 'S', 10), R, 1, 'BSOE×1'],
      [at(0, 'O', 10), R, 1, 'BSOE×1'],
      [at(0, 'E', 10), R, 1, ''],
      [at(1, 'B', 10), R, 1, 'BSOE×1'],
      [at(1, 'S', 10), R, 1, ''],
      [at(1, 'O', 10), R, 1, ''],
      [at(1, 'E', 10), R, 1, 'BSOE×1'],
      [at(9, 'B,E', 10), R, 2, 'BSOE×2'], // car 10
    ]);
  });

  it('each duel pits its place against its mirror: 1st v 10th … 5th v 6th', () => {
    const DT = playOf('PK10', 'DT');
    const down = '10,09,08,07,06,05,04,03,02,01';
    const up = '01,02,03,04,05,06,07,08,09,10';
    check(DT, [
      ['D_D_D_D_D', down, 5, 'DT×5'],
      ['T_T_T_T_T', down, 5, ''],
      ['T_T_T_T_T', up, 5, 'DT×5'],
      ['D_D_D_D_D', up, 5, ''],
      ['____D', '01,02,03,04,06,05,07,08,09,10', 1, 'DT×1'], // 5th 06 v 6th 05
      ['_T___', '10,01,03,04,05,06,07,08,09,02', 1, 'DT×1'], // 2nd 01 v 9th 09
    ]);
  });

  it('champion + runner-up: 12 is big and even, 11 small and odd', () => {
    const GYH = playOf('PK10', 'GYH_BSOE');
    check(GYH, [
      ['B,S,O,E', '05,07,01,02,03,04,06,08,09,10', 4, 'B×1 E×1'],
      ['B,S,O,E', '05,06,01,02,03,04,07,08,09,10', 4, 'S×1 O×1'],
      ['S', '01,02,03,04,05,06,07,08,09,10', 1, 'S×1'], // 3, the least
    ]);
  });
});

describe('SSC: groups, any 1, big/small/odd/even, dragon/tiger, poker and bull', () => {
  it('group 3: the pair may stand at any two of the three places; pair and single both picked', () => {
    const H3 = playOf('SSC', 'H3_GROUP3');
    check(H3, [
      ['1,2', '00211', 2, 'GROUP3×1'], // pair in the tens and units
      ['1,3', '00211', 2, ''], // single 2 not picked
      ['1,3', '00112', 2, ''],
      ['1,3', '00121', 2, ''],
      ['2,3', '00112', 2, ''], // pair 1 not picked
      ['0,5', '99005', 2, 'GROUP3×1'], // a pair of zeros
      ['0,5', '99050', 2, 'GROUP3×1'],
    ]);
  });

  it('group 6 loses on any pair among the three', () => {
    check(playOf('SSC', 'H3_GROUP6'), [
      ['1,2,3', '00122', 1, ''],
      ['1,2,3', '00212', 1, ''],
      ['1,2,3', '00312', 1, 'GROUP6×1'],
    ]);
  });

  it('back-3 any 1 wins on the digit in the hundreds, tens or units', () => {
    check(playOf('SSC', 'H3_ANY1'), [
      ['5', '00500', 1, 'ANY1×1'],
      ['5', '00050', 1, 'ANY1×1'],
      ['5', '00005', 1, 'ANY1×1'],
      ['5', '55000', 1, ''],
    ]);
  });

  it('on a place, big is 5–9 and small 0–4; odd and even by the digit', () => {
    const BSOE = playOf('SSC', 'BSOE');
    const R = '45000';
    check(BSOE, [
      [at(0, 'B', 5), R, 1, ''],
      [at(0, 'S', 5), R, 1, 'BSOE×1'],
      [at(0, 'O', 5), R, 1, ''],
      [at(0, 'E', 5), R, 1, 'BSOE×1'],
      [at(1, 'B', 5), R, 1, 'BSOE×1'],
      [at(1, 'S', 5), R, 1, ''],
      [at(1, 'O', 5), R, 1, 'BSOE×1'],
      [at(1, 'E', 5), R, 1, ''],
      [at(0, 'S', 5), '36000', 1, 'BSOE×1'], // small and odd
      [at(1, 'S', 5), '36000', 1, ''], // even but big
    ]);
  });

  it('the sum of all five digits: big 23–45, small 0–22, odd, even', () => {
    check(playOf('SSC', 'SUM_BSOE'), [
      ['B', '00599', 1, 'BSOE×1'], // 23
      ['S', '00599', 1, ''],
      ['E', '00599', 1, ''],
      ['O', '00599', 1, 'BSOE×1'],
      ['S', '00499', 1, 'BSOE×1'], // 22
      ['B', '00499', 1, ''],
      ['S', '00399', 1, 'BSOE×1'], // 21
      ['E', '00399', 1, ''],
    ]);
  });

  it('dragon/tiger: tiger wins when the units digit is higher', () => {
    check(playOf('SSC', 'DT'), [
      ['T', '10009', 1, 'DT×1'],
      ['D', '10009', 1, ''],
      ['T', '90001', 1, ''],
    ]);
  });

  it('poker hands whatever the order of their digits; a straight is five consecutive digits, not 9-0-1', () => {
    const POKER = playOf('SSC', 'POKER');
    check(POKER, [
      ['PAIR', '01123', 1, 'PAIR×1'],
      ['TWOPAIR', '12233', 1, 'TWOPAIR×1'],
      ['THREE', '12333', 1, 'THREE×1'],
      ['FULL', '11222', 1, 'FULL×1'],
      ['FOUR', '12222', 1, 'FOUR×1'],
      ['STRAIGHT', '12345', 1, 'STRAIGHT×1'],
      ['STRAIGHT', '97865', 1, 'STRAIGHT×1'],
      ['HIGH', '90123', 1, 'HIGH×1'],
      ['HIGH', '13456', 1, 'HIGH×1'],
    ]);
  });

  it('a bull needs three different places adding to a multiple of 10; its value is the sum of all five', () => {
    check(playOf('SSC', 'BULL'), [
      ['NONE', '24111', 1, 'NONE×1'], // 4 + 4 + 2 would be 10, but there is one 4
      ['NONE', '12134', 1, 'NONE×1'],
      ['N2', '28011', 1, 'N2×1'], // 2 + 8 + 0; 1 + 1
    ]);
  });

  it('bull big is 6–9 or bull-bull, small 1–5, odd and even by the bull', () => {
    check(playOf('SSC', 'BULL_BSOE'), [
      ['B,S,O,E', '19005', 4, 'S×1 O×1'], // bull 5
      ['B,S,O,E', '19006', 4, 'B×1 E×1'], // bull 6
    ]);
  });

  it('5-star group 60 and 30: every single picked, and exactly the groups named', () => {
    check(playOf('SSC', '5X_GROUP60'), [
      ['1_2,3,4', '11235', 1, ''], // 5 is not a picked single
      ['1_2,3,5', '11235', 1, 'GROUP60×1'],
    ]);
    check(playOf('SSC', '5X_GROUP30'), [
      ['1,2_3,4,5', '11345', 3, ''], // one pair and three singles
      ['1,2_3,4,5', '11225', 3, 'GROUP30×1'],
    ]);
  });
});

// Vietnamese results (special first). North: 27 numbers; South: 18. As in plays.test.ts, with the
// special given.
const north = (special: string) =>
  [
    special, // DB
    '67825', // G1
    '11111',
    '22225', // G2
    '30303',
    '40404',
    '50505',
    '60606',
    '70707',
    '80808', // G3
    '1234',
    '5678',
    '9025',
    '0000', // G4
    '1111',
    '2222',
    '3333',
    '4444',
    '5555',
    '6666', // G5
    '777',
    '888',
    '999', // G6
    '25',
    '45',
    '65',
    '85', // G7
  ].join(',');
const south = (special: string, g8 = '78') =>
  [
    special, // DB
    '11111',
    '22222', // G1, G2
    '33333',
    '44456', // G3
    '55555',
    '66666',
    '77777',
    '88888',
    '99999',
    '10101',
    '20202', // G4
    '3030', // G5
    '4040',
    '5050',
    '6060', // G6
    '456', // G7
    g8, // G8
  ].join(',');

const VN_NORTH_STYLE: Family[] = ['VNFAST', 'VNNORTH'];
const VN_SOUTH_STYLE: Family[] = ['VNCENTRAL', 'VNSOUTH'];

/** A Vietnamese play from a table built for this test (see the note at the top). */
function vn(family: Family, code: string): PlayDef {
  const p = vnPlays(family).find((x) => x.code === code);
  if (!p) throw new Error(`no ${code} in ${family}`);
  return p;
}

describe('Vietnamese plays, each table built afresh', () => {
  // [id within the family, code, tab, tab name, name, bonus]; playId = family base + id.
  const MENU: [number, string, string, string, string, number][] = [
    [1, 'LO2', 'LO', 'Lô', 'Lô 2 số', 100],
    [2, 'LO3', 'LO', 'Lô', 'Lô 3 số', 1000],
    [3, 'LO4', 'LO', 'Lô', 'Lô 4 số', 10_000],
    [4, 'DE', 'DE', 'Đề', 'Đề', 100],
    [5, 'DE_G8', 'DE', 'Đề', 'Đề đầu (8th prize)', 100],
    [6, 'DAU', 'DE', 'Đề', 'Đầu', 10],
    [7, 'DUOI', 'DE', 'Đề', 'Đuôi', 10],
    [8, 'CANG3', 'DE', 'Đề', '3 càng', 1000],
    [9, 'CANG4', 'DE', 'Đề', '4 càng', 10_000],
    [10, 'XIEN2', 'XIEN', 'Xiên', 'Xiên 2', 0],
    [11, 'XIEN3', 'XIEN', 'Xiên', 'Xiên 3', 0],
    [12, 'XIEN4', 'XIEN', 'Xiên', 'Xiên 4', 0],
    [13, 'TRUOT4', 'TRUOT', 'Lô trượt', 'Trượt 4', 0],
    [14, 'TRUOT8', 'TRUOT', 'Lô trượt', 'Trượt 8', 0],
    [15, 'TRUOT10', 'TRUOT', 'Lô trượt', 'Trượt 10', 0],
    [16, 'BSOE', 'FUN', 'Big small odd even', 'Special big/small/odd/even', 2],
  ];
  const BASE: Partial<Record<Family, number>> = {
    VNFAST: 5000,
    VNNORTH: 6000,
    VNCENTRAL: 7000,
    VNSOUTH: 8000,
  };
  // 1 ÷ P rounded down to 4 decimals; P of xiên k (all k show among n numbers) by a chain over
  // the n draws (state: how many of the k seen so far), of trượt k (none shows) (1 − k/100)^n.
  const CHANCE_BONUS: Record<number, Record<string, number>> = {
    27: { XIEN2: 18.2208, XIEN3: 81.3144, XIEN4: 374.5437, TRUOT4: 3.0107, TRUOT8: 9.5001, TRUOT10: 17.1969 },
    18: { XIEN2: 38.3027, XIEN3: 255.5292, XIEN4: 1801.0731, TRUOT4: 2.085, TRUOT8: 4.4855, TRUOT10: 6.6624 },
  };

  it('the menu: ids, codes, tabs and names; đề đầu only where there is an 8th prize', () => {
    for (const family of [...VN_NORTH_STYLE, ...VN_SOUTH_STYLE]) {
      const hasG8 = VN_SOUTH_STYLE.includes(family);
      const expected = MENU.filter(([, code]) => hasG8 || code !== 'DE_G8').map(
        ([id, code, group, groupName, name]) => [BASE[family]! + id, code, group, groupName, name],
      );
      expect(
        vnPlays(family).map((p) => [p.playId, p.code, p.group, p.groupName, p.name]),
        family,
      ).toEqual(expected);
    }
  });

  it('a lô note costs a point per number it is checked against (27/23/20 North, 18/17/16 South); the rest cost 1', () => {
    for (const [families, prices] of [
      [VN_NORTH_STYLE, { LO2: 27, LO3: 23, LO4: 20 }],
      [VN_SOUTH_STYLE, { LO2: 18, LO3: 17, LO4: 16 }],
    ] as const)
      for (const family of families)
        for (const p of vnPlays(family))
          expect(p.singleBetPrice, `${family} ${p.code}`).toBe(
            (prices as Record<string, number>)[p.code] ?? 1,
          );
  });

  it('each play pays its own prize: lô, đề and càng by their odds, xiên and trượt 1 ÷ their chance', () => {
    for (const [families, n] of [
      [VN_NORTH_STYLE, 27],
      [VN_SOUTH_STYLE, 18],
    ] as const)
      for (const family of families)
        for (const p of vnPlays(family)) {
          const bonus = MENU.find(([, code]) => code === p.code)![5] || CHANCE_BONUS[n]![p.code]!;
          expect(p.prizes, `${family} ${p.code}`).toEqual([{ key: p.code, bonus }]);
          // The bonus is rounded down, so a unit staked returns just under 1 (at most 1e-4 × P less).
          expect(p.share, `${family} ${p.code}`).toBeLessThanOrEqual(1);
          expect(p.share, `${family} ${p.code}`).toBeGreaterThan(0.9999);
        }
  });

  it('the picker rows: two-digit numbers 00–99 (xiên and trượt at most 16), typed 3 and 4 digits, digits 0–9, B/S/O/E', () => {
    const rows = (family: Family) =>
      Object.fromEntries(
        vnPlays(family).map((p) => [
          p.code,
          p.rows.map(
            (r) =>
              `${r.key} ${r.label} ${r.digits ? `typed ${r.digits}` : `${r.options[0]}…${r.options.at(-1)}`} ${r.minPick}–${r.maxPick}`,
          ),
        ]),
      );
    const two = (min: number, max = 100) => [`PICK Numbers 00…99 ${min}–${max}`];
    const northRows = {
      LO2: two(1),
      LO3: ['PICK Numbers typed 3 1–100'],
      LO4: ['PICK Numbers typed 4 1–100'],
      DE: two(1),
      DAU: ['PICK Digits 0…9 1–10'],
      DUOI: ['PICK Digits 0…9 1–10'],
      CANG3: ['PICK Numbers typed 3 1–100'],
      CANG4: ['PICK Numbers typed 4 1–100'],
      XIEN2: two(2, 16),
      XIEN3: two(3, 16),
      XIEN4: two(4, 16),
      TRUOT4: two(4, 16),
      TRUOT8: two(8, 16),
      TRUOT10: two(10, 16),
      BSOE: ['DE Special B…E 1–4'],
    };
    for (const family of VN_NORTH_STYLE) expect(rows(family), family).toEqual(northRows);
    for (const family of VN_SOUTH_STYLE)
      expect(rows(family), family).toEqual({ ...northRows, DE_G8: two(1) });
  });

  it('each rule states what the play reads and, for lô, xiên and trượt, how many numbers and what a note costs', () => {
    const rule = (family: Family, code: string) => vn(family, code).rule;
    for (const [families, n, [n2, n3, n4]] of [
      [VN_NORTH_STYLE, 27, [27, 23, 20]],
      [VN_SOUTH_STYLE, 18, [18, 17, 16]],
    ] as const)
      for (const family of families) {
        expect(rule(family, 'LO2')).toContain(`last 2 digits of the ${n2} numbers`);
        expect(rule(family, 'LO2')).toContain(`A note costs ${n2} points.`);
        expect(rule(family, 'LO3')).toContain(`last 3 digits of the ${n3} numbers`);
        expect(rule(family, 'LO4')).toContain(`A note costs ${n4} points.`);
        expect(rule(family, 'LO2')).toContain('paying once for every number');
        expect(rule(family, 'XIEN3')).toMatch(
          new RegExp(`^Pick 3 or more .*each group of 3 .*wins once when all 3 show .* of the ${n} numbers`),
        );
        expect(rule(family, 'TRUOT8')).toMatch(
          new RegExp(`^Pick 8 or more .*each group of 8 .*none of them shows .* of the ${n} numbers`),
        );
        expect(rule(family, 'DE')).toContain("special prize's last two digits");
        expect(rule(family, 'DAU')).toContain('tens digit of the special');
        expect(rule(family, 'DUOI')).toContain("special prize's last digit");
        expect(rule(family, 'CANG3')).toContain("special prize's last three digits");
        expect(rule(family, 'CANG4')).toContain("special prize's last four digits");
        expect(rule(family, 'BSOE')).toContain('a sum of 9 is a tie');
      }
    expect(rule('VNSOUTH', 'DE_G8')).toContain('8th prize');
  });

  it('lô counts every number ending so: 2 digits on all, 3 and 4 digits on the numbers that have them', () => {
    for (const family of VN_NORTH_STYLE) {
      check(vn(family, 'LO2'), [
        ['25', north('12345'), 1, 'LO2×4'], // G1 67825, G2 22225, G4 9025, G7 25
        ['45', north('12345'), 1, 'LO2×2'], // the special and G7 45
        ['99', north('12345'), 1, 'LO2×1'], // G6 999
        ['03', north('12345'), 1, 'LO2×1'], // G3 30303
        ['13', north('12345'), 1, ''],
      ]);
      check(vn(family, 'LO3'), [
        ['345', north('12345'), 1, 'LO3×1'],
        ['999', north('12345'), 1, 'LO3×1'], // G6, the shortest read
        ['025', north('12345'), 1, 'LO3×1'], // G4 9025
        ['825', north('12345'), 1, 'LO3×1'],
        ['045', north('12345'), 1, ''], // G7 45 has 2 digits
      ]);
      check(vn(family, 'LO4'), [
        ['2345', north('12345'), 1, 'LO4×1'],
        ['1111', north('12345'), 1, 'LO4×2'], // G2 11111 and G5 1111
        ['0999', north('12345'), 1, ''], // G6 999 has 3 digits
      ]);
    }
    for (const family of VN_SOUTH_STYLE) {
      check(vn(family, 'LO2'), [
        ['56', south('123456'), 1, 'LO2×3'], // special, G3 44456, G7 456
        ['78', south('123456'), 1, 'LO2×1'], // G8
      ]);
      check(vn(family, 'LO3'), [
        ['456', south('123456'), 1, 'LO3×3'],
        ['078', south('123456'), 1, ''], // G8 has 2 digits
      ]);
      check(vn(family, 'LO4'), [
        ['3456', south('123456'), 1, 'LO4×1'],
        ['0456', south('123456'), 1, ''], // G7 456 has 3 digits
      ]);
    }
  });

  it('đề, đầu, đuôi, 3 càng and 4 càng read the special; đề đầu the 8th prize', () => {
    for (const family of VN_NORTH_STYLE) {
      const R = north('98765');
      check(vn(family, 'DE'), [
        ['65', R, 1, 'DE×1'],
        ['25', R, 1, ''], // G7 25, not the special
      ]);
      check(vn(family, 'DAU'), [
        ['6', R, 1, 'DAU×1'],
        ['5', R, 1, ''],
      ]);
      check(vn(family, 'DUOI'), [
        ['5', R, 1, 'DUOI×1'],
        ['6', R, 1, ''],
      ]);
      check(vn(family, 'CANG3'), [
        ['765', R, 1, 'CANG3×1'],
        ['865', R, 1, ''],
      ]);
      check(vn(family, 'CANG4'), [
        ['8765', R, 1, 'CANG4×1'],
        ['9765', R, 1, ''],
      ]);
    }
    for (const family of VN_SOUTH_STYLE) {
      const R = south('987654', '31');
      check(vn(family, 'DE'), [['54', R, 1, 'DE×1']]);
      check(vn(family, 'DE_G8'), [
        ['31', R, 1, 'DE_G8×1'],
        ['54', R, 1, ''],
      ]);
      check(vn(family, 'CANG4'), [['7654', R, 1, 'CANG4×1']]);
    }
  });

  it('xiên wins once per group whose numbers all show; trượt per group of which none shows', () => {
    for (const family of VN_NORTH_STYLE) {
      const R = north('12345');
      check(vn(family, 'XIEN2'), [
        ['25,45', R, 1, 'XIEN2×1'],
        ['25,13', R, 1, ''],
        ['25,45,99,13', R, 6, 'XIEN2×3'],
      ]);
      check(vn(family, 'TRUOT4'), [
        ['01,02,09,10', R, 1, 'TRUOT4×1'],
        ['01,02,09,10,13,25', R, 15, 'TRUOT4×5'], // C(5,4) groups leave out 25
      ]);
    }
    for (const family of VN_SOUTH_STYLE) {
      const R = south('123456');
      check(vn(family, 'XIEN2'), [
        ['56,78', R, 1, 'XIEN2×1'],
        ['56,25', R, 1, ''], // 25 shows in the North result, not here
      ]);
      check(vn(family, 'TRUOT4'), [
        ['25,45,65,85', R, 1, 'TRUOT4×1'],
        ['25,45,65,78', R, 1, ''],
      ]);
    }
  });

  it("special big/small on its last two digits' sum: big 10–18, small 0–8, 9 a tie; odd/even by the last digit", () => {
    for (const family of VN_NORTH_STYLE) {
      const BSOE = vn(family, 'BSOE');
      check(BSOE, [
        ['B', north('12319'), 1, 'BSOE×1'], // 1 + 9 = 10
        ['S', north('12319'), 1, ''],
        ['S', north('12308'), 1, 'BSOE×1'], // 8
        ['B', north('12308'), 1, ''],
        ['B', north('12390'), 1, '', 1], // 9
        ['S', north('12390'), 1, '', 1],
        ['O', north('12319'), 1, 'BSOE×1'],
        ['E', north('12319'), 1, ''],
        ['E', north('12308'), 1, 'BSOE×1'],
        ['O', north('12308'), 1, ''],
      ]);
    }
    check(vn('VNSOUTH', 'BSOE'), [['B,S,O,E', south('123499'), 4, 'BSOE×2']]); // 18: big, odd
  });
});
