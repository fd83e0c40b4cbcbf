import { describe, expect, it } from 'vitest';
import {
  isLotteryRuleError,
  parseWinNo,
  playOf,
  playsOf,
  previewNotes,
  quickPick,
  type Family,
  type LotteryRuleReason,
} from './index.ts';

/** [content, winNo, notes, hits as "KEY×count …" ("" for none), refunded notes]. */
type Row = [content: string, winNo: string, notes: number, hits: string, refund?: number];

function check(family: Family, code: string, rows: Row[]) {
  const play = playOf(family, code);
  for (const [content, winNo, notes, hits, refund = 0] of rows) {
    const where = `${family} ${code} ${content} on ${winNo}`;
    expect(play.countNotes(content), where).toBe(notes);
    const s = play.settle(parseWinNo(family, winNo), content);
    expect(s.hits.map((h) => `${h.prizeKey}×${h.count}`).join(' '), where).toBe(hits);
    expect(s.refundNotes, where).toBe(refund);
    expect(s.refund, where).toBe(refund > 0 && refund === notes);
  }
}

function refuses(family: Family, code: string, content: string, reason: LotteryRuleReason) {
  try {
    playOf(family, code).countNotes(content);
    expect.unreachable(`${family} ${code} "${content}" accepted`);
  } catch (e) {
    expect(isLotteryRuleError(e) && e.reason, `${code} "${content}"`).toBe(reason);
  }
}

// Vietnamese results used below (special first). North: 27 numbers; South: 18.
const NORTH = [
  '12345', // DB
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
const SOUTH = [
  '123456', // DB
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
  '78', // G8
].join(',');

describe('SSC plays, table examples', () => {
  it('direct plays: every digit in its place; notes multiply', () => {
    check('SSC', '5X_DIRECT', [
      ['1_2_3_4_5', '12345', 1, 'DIRECT×1'],
      ['1,3_2_3_4_5,6', '22346', 4, ''],
      ['1,2_2_3_4_5,6', '12346', 4, 'DIRECT×1'],
    ]);
    check('SSC', 'H3_DIRECT', [['3_4_5', '99345', 1, 'DIRECT×1']]);
    check('SSC', 'Q3_DIRECT', [['3_4_5', '34599', 1, 'DIRECT×1']]);
    check('SSC', 'Z3_DIRECT', [
      ['3_4_5', '93459', 1, 'DIRECT×1'],
      ['3_4_5', '34599', 1, ''],
    ]);
    check('SSC', '4X_DIRECT', [['0_1_2_3', '90123', 1, 'DIRECT×1']]);
    check('SSC', 'Q2_DIRECT', [['0,1_1', '11999', 2, 'DIRECT×1']]);
    check('SSC', 'H2_DIRECT', [['0,1_1', '99911', 2, 'DIRECT×1']]);
  });

  it('group 3 (a pair and a single in any order, not a triple) and group 6 (three different)', () => {
    check('SSC', 'H3_GROUP3', [
      ['1,2', '00112', 2, 'GROUP3×1'],
      ['1,2', '00121', 2, 'GROUP3×1'],
      ['1,2', '00221', 2, 'GROUP3×1'],
      ['1,2', '00111', 2, ''],
      ['1,2,3', '00123', 6, ''],
    ]);
    check('SSC', 'Q3_GROUP3', [['5,9', '95599', 2, 'GROUP3×1']]);
    check('SSC', 'Z3_GROUP3', [
      ['5,9', '95559', 2, ''],
      ['5,9', '05599', 2, 'GROUP3×1'],
    ]);
    check('SSC', 'H3_GROUP6', [
      ['1,2,3,4', '00321', 4, 'GROUP6×1'],
      ['1,2,3,4', '00112', 4, ''],
    ]);
    check('SSC', 'Q3_GROUP6', [['7,8,9', '97800', 1, 'GROUP6×1']]);
    check('SSC', 'Z3_GROUP6', [['7,8,9', '09780', 1, 'GROUP6×1']]);
  });

  it('sum and span stand for every 3-digit number with that sum or span; group 120 needs five different digits', () => {
    check('SSC', 'H3_SUM', [
      ['0', '99000', 1, 'DIRECT×1'],
      ['1,27', '99001', 4, 'DIRECT×1'], // 3 numbers sum to 1, one to 27
      ['3', '00111', 10, 'DIRECT×1'],
    ]);
    check('SSC', 'Q3_SUM', [['27', '99900', 1, 'DIRECT×1']]);
    check('SSC', 'Z3_SPAN', [
      ['0', '05559', 10, 'DIRECT×1'],
      ['9', '09050', 54, 'DIRECT×1'], // 6 × 9 × (10 − 9)
      ['1', '09050', 54, ''], // 6 × 1 × 9
    ]);
    check('SSC', 'H3_SPAN', [
      ['2', '00135', 96, ''],
      ['4', '00135', 144, 'DIRECT×1'],
    ]);
    check('SSC', 'Q3_SPAN', [['0', '77712', 10, 'DIRECT×1']]);
    check('SSC', '5X_GROUP120', [
      ['1,2,3,4,5', '53142', 1, 'GROUP120×1'],
      ['1,2,3,4,5,6', '53162', 6, 'GROUP120×1'],
      ['1,2,3,4,5', '53112', 1, ''],
    ]);
    check('SSC', '5X_GROUP60', [
      ['1_2,3,4', '21314', 1, 'GROUP60×1'],
      ['1,2_1,2,3,4', '21314', 2, 'GROUP60×1'], // pair 1 with 2,3,4; pair 2 with 1,3,4
      ['1_2,3,4', '21334', 1, ''],
    ]);
    check('SSC', '5X_GROUP30', [
      ['1,2_3', '12312', 1, 'GROUP30×1'],
      ['1,2_3', '11123', 1, ''],
    ]);
    check('SSC', '5X_GROUP20', [
      ['7_1,2', '71772', 1, 'GROUP20×1'],
      ['7_1,2', '71771', 1, ''],
    ]);
    check('SSC', '5X_GROUP10', [
      ['7_1', '71717', 1, 'GROUP10×1'],
      ['7_1,2', '71772', 2, ''],
    ]);
    check('SSC', '4X_GROUP24', [
      ['1,2,3,4', '94321', 1, 'GROUP24×1'],
      ['1,2,3,4', '14322', 1, ''],
    ]);
    check('SSC', '4X_GROUP12', [
      ['2_3,4', '92342', 1, 'GROUP12×1'],
      ['2_3,4', '23342', 1, ''],
    ]);
    check('SSC', '4X_GROUP6', [
      ['2,3', '93232', 1, 'GROUP6×1'],
      ['2,3,4', '92233', 3, 'GROUP6×1'],
    ]);
    check('SSC', '4X_GROUP4', [
      ['5_1', '15515', 1, 'GROUP4×1'],
      ['5_1', '55555', 1, ''],
    ]);
    check('SSC', '5X_GROUP5', [
      ['0_9', '00900', 1, 'GROUP5×1'],
      ['0,9_0,9', '99099', 2, 'GROUP5×1'],
    ]);
  });

  it('2-star group: two different digits in any order; a pair does not win', () => {
    check('SSC', 'H2_GROUP', [
      ['3,7', '00073', 1, 'GROUP2×1'],
      ['3,7,8', '00033', 3, ''],
    ]);
    check('SSC', 'Q2_GROUP', [['3,7', '73000', 1, 'GROUP2×1']]);
  });

  it('position digit pays each place that matches; any-1 pays once per digit however often it shows', () => {
    check('SSC', 'DWD', [
      ['1__1__1', '11111', 3, 'DWD×3'],
      ['0,1,2____', '21111', 3, 'DWD×1'],
    ]);
    check('SSC', 'H3_ANY1', [
      ['5', '00555', 1, 'ANY1×1'],
      ['5,6', '00565', 2, 'ANY1×2'],
      ['5', '55000', 1, ''],
    ]);
  });

  it('big 5–9 / small 0–4 / odd / even by place and on the sum (big 23–45)', () => {
    check('SSC', 'BSOE', [
      ['B,O____E', '50008', 3, 'BSOE×3'],
      ['S____', '50008', 1, ''],
    ]);
    check('SSC', 'SUM_BSOE', [
      ['B,O', '99500', 2, 'BSOE×2'], // 23
      ['B,S,O,E', '99400', 4, 'BSOE×2'], // 22: small and even
    ]);
  });

  it('dragon/tiger: 1st vs 5th; equal digits return the stake', () => {
    check('SSC', 'DT', [
      ['D', '90001', 1, 'DT×1'],
      ['D,T', '10009', 2, 'DT×1'],
      ['D,T', '50005', 2, '', 2],
      ['T', '50005', 1, '', 1],
    ]);
  });
  it('poker hands, bull and bull big/small/odd/even', () => {
    check('SSC', 'POKER', [
      ['FIVE,FOUR', '77777', 2, 'FIVE×1'],
      ['FULL', '37373', 1, 'FULL×1'],
      ['STRAIGHT', '42130', 1, 'STRAIGHT×1'],
      ['STRAIGHT,HIGH', '42139', 2, 'HIGH×1'],
      ['TWOPAIR,PAIR', '11223', 2, 'TWOPAIR×1'],
      ['THREE', '11123', 1, 'THREE×1'],
      ['PAIR', '11234', 1, 'PAIR×1'],
      ['FOUR', '11112', 1, 'FOUR×1'],
    ]);
    check('SSC', 'BULL', [
      ['N7,N0', '12745', 2, ''], // 1+2+7 = 10, 4+5 = 9: bull 9
      ['N9', '12745', 1, 'N9×1'],
      ['N0', '55055', 1, 'N0×1'], // 5+5+0 = 10, 5+5 = 10: bull-bull
      ['NONE', '11112', 1, 'NONE×1'], // no three digits add up to a multiple of 10
    ]);
    check('SSC', 'BULL_BSOE', [
      ['B,S,O,E', '12745', 4, 'B×1 O×1'], // bull 9
      ['B,E', '55055', 2, 'B×1 E×1'], // bull-bull counts as 10
      ['B,S,O,E', '11112', 4, ''],
    ]);
  });
});

describe('11X5 plays, table examples', () => {
  it('any k in 5: C(m,k) groups win for k ≤ 5; k ≥ 6 needs all five balls in the group', () => {
    check('11X5', 'RX1', [['01,02,03', '01,02,05,06,07', 3, 'RX1×2']]);
    check('11X5', 'RX2', [['01,02,03', '01,02,03,06,07', 3, 'RX2×3']]);
    check('11X5', 'RX3', [['01,02,03,04', '01,02,03,06,07', 4, 'RX3×1']]);
    check('11X5', 'RX5', [
      ['01,02,03,04,05', '05,04,03,02,01', 1, 'RX5×1'],
      ['01,02,03,04,05,06', '05,04,03,02,01', 6, 'RX5×1'],
    ]);
    check('11X5', 'RX6', [['01,02,03,04,05,06', '05,04,03,02,01', 1, 'RX6×1']]);
    check('11X5', 'RX7', [['01,02,03,04,05,06,07', '05,04,03,02,01', 1, 'RX7×1']]);
    check('11X5', 'RX8', [
      ['01,02,03,04,05,06,07,08,09', '05,04,03,02,01', 9, 'RX8×4'], // C(4,3) groups hold the 5
      ['01,02,03,04,06,07,08,09', '05,04,03,02,01', 1, ''],
    ]);
  });

  it('front 2/3 direct (in order, different balls) and group (any order)', () => {
    check('11X5', 'Q2_DIRECT', [
      ['01,02_01,02', '01,02,03,04,05', 2, 'DIRECT×1'],
      ['01_02', '02,01,03,04,05', 1, ''],
    ]);
    check('11X5', 'Q3_DIRECT', [['01_02,03_03', '01,02,03,04,05', 1, 'DIRECT×1']]);
    check('11X5', 'Q2_GROUP', [['01,02', '02,01,03,04,05', 1, 'GROUP×1']]);
    check('11X5', 'Q3_GROUP', [['01,02,03,04', '03,01,02,04,05', 4, 'GROUP×1']]);
  });

  it('position, big (06–10)/small (01–05)/odd/even with ball 11 a tie, sum 30 a tie, dragon/tiger', () => {
    check('11X5', 'DWD', [['01____05', '01,02,03,04,05', 2, 'DWD×2']]);
    check('11X5', 'BSOE', [
      ['B,O____', '07,02,03,04,05', 2, 'BSOE×2'],
      ['B,S,O,E____S', '11,02,03,04,05', 5, 'BSOE×1', 4],
      ['B____', '11,02,03,04,05', 1, '', 1],
    ]);
    check('11X5', 'SUM_BS', [
      ['B,S', '11,10,04,03,02', 2, '', 2], // 30
      ['B', '11,10,09,01,02', 1, 'BS×1'], // 33
      ['B', '01,02,03,04,05', 1, ''],
    ]);
    check('11X5', 'DT', [
      ['D', '09,01,02,03,04', 1, 'DT×1'],
      ['D', '01,02,03,04,09', 1, ''],
    ]);
  });
});

describe('K3 plays, table examples', () => {
  it('sum (4–17, bonus by sum), big/small/odd/even lose on a triple', () => {
    check('K3', 'SUM', [['10,11', '1,4,5', 2, 'S10×1']]);
    refuses('K3', 'SUM', '3', 'content.invalid');
    refuses('K3', 'SUM', '18', 'content.invalid');
    check('K3', 'BSOE', [
      ['B,O', '5,5,1', 2, 'BSOE×2'], // 11
      ['B,S,O,E', '4,4,4', 4, ''], // triple: all lose
      ['S,E', '1,2,3', 2, 'BSOE×2'],
    ]);
  });

  it('single number pays once however many dice show it', () => {
    check('K3', 'SINGLE', [
      ['6', '6,6,6', 1, 'SINGLE×1'],
      ['1,6', '1,6,6', 2, 'SINGLE×2'],
      ['2', '1,6,6', 1, ''],
    ]);
  });

  it('two same (any, including a triple), two same + one, two different', () => {
    check('K3', 'TWO_SAME_ANY', [
      ['3', '3,3,5', 1, 'TWO_SAME_ANY×1'],
      ['3', '3,3,3', 1, 'TWO_SAME_ANY×1'],
      ['3,5', '3,5,1', 2, ''],
    ]);
    check('K3', 'TWO_SAME_SINGLE', [
      ['3_5', '5,3,3', 1, 'TWO_SAME_SINGLE×1'],
      ['3,5_3,5', '3,5,5', 2, 'TWO_SAME_SINGLE×1'],
      ['3_5', '3,3,3', 1, ''],
    ]);
    check('K3', 'TWO_DIFF', [
      ['1,2,3', '1,2,3', 3, 'TWO_DIFF×3'],
      ['1,2', '1,1,2', 1, 'TWO_DIFF×1'],
      ['1,2', '1,1,1', 1, ''],
    ]);
  });

  it('triples, three different and the straight', () => {
    check('K3', 'THREE_SAME', [
      ['2,4', '4,4,4', 2, 'THREE_SAME×1'],
      ['4', '4,4,3', 1, ''],
    ]);
    check('K3', 'THREE_SAME_ANY', [
      ['ALL', '6,6,6', 1, 'THREE_SAME_ANY×1'],
      ['ALL', '6,6,5', 1, ''],
    ]);
    check('K3', 'THREE_DIFF', [
      ['1,2,3,4', '4,2,1', 4, 'THREE_DIFF×1'],
      ['1,2,3', '1,1,2', 1, ''],
    ]);
    check('K3', 'THREE_SEQ_ANY', [
      ['ALL', '5,3,4', 1, 'THREE_SEQ_ANY×1'],
      ['ALL', '1,2,4', 1, ''],
    ]);
  });
});

describe('PK10 plays, table examples', () => {
  const W = '03,07,01,02,04,05,06,08,09,10';
  it('place number, big (06–10)/small/odd/even, dragon/tiger duels', () => {
    check('PK10', 'DWD', [['03_07________10', W, 3, 'DWD×3']]);
    check('PK10', 'BSOE', [['S,O_B,O________B', W, 5, 'BSOE×5']]);
    check('PK10', 'DT', [
      ['T_D___', W, 2, 'DT×1'], // 03 v 10: tiger; 07 v 09: tiger
      ['D,T____', W, 2, 'DT×1'],
    ]);
  });

  it('champion + runner-up sum (3–19) and big (12–19)/small/odd/even with their bonuses', () => {
    check('PK10', 'GYH_SUM', [['10,11', W, 2, 'S10×1']]);
    check('PK10', 'GYH_BSOE', [
      ['B,S,O,E', W, 4, 'S×1 E×1'],
      ['B,O', '10,09,01,02,03,04,05,06,07,08', 2, 'B×1 O×1'], // 19
    ]);
    const bonus = Object.fromEntries(playOf('PK10', 'GYH_BSOE').prizes.map((p) => [p.key, p.bonus]));
    expect(bonus).toEqual({ B: 4.5, S: 3.6, O: 3.6, E: 4.5 });
  });

  it('front 2 / front 3 direct', () => {
    check('PK10', 'Q2_DIRECT', [
      ['03_07', W, 1, 'DIRECT×1'],
      ['03,07_03,07', W, 2, 'DIRECT×1'],
    ]);
    check('PK10', 'Q3_DIRECT', [
      ['03_07_01', W, 1, 'DIRECT×1'],
      ['03_01_07', W, 1, ''],
    ]);
  });
});

describe('Vietnamese plays, table examples', () => {
  it('lô 2 số pays once per occurrence: 25 ends 4 numbers of this North result', () => {
    check('VNNORTH', 'LO2', [
      ['25', NORTH, 1, 'LO2×4'], // 67825, 22225, 9025 and the 7th prize 25
      ['45', NORTH, 1, 'LO2×2'], // 12345 (special), G7 45
      ['25,45,99', NORTH, 3, 'LO2×7'], // 99: G6 999
    ]);
    expect(playOf('VNNORTH', 'LO2').singleBetPrice).toBe(27);
    expect(playOf('VNSOUTH', 'LO2').singleBetPrice).toBe(18);
    check('VNSOUTH', 'LO2', [
      ['56', SOUTH, 1, 'LO2×3'],
      ['78', SOUTH, 1, 'LO2×1'],
    ]);
  });

  it('lô 3 số and 4 số check only the numbers that have 3 / 4 digits (23/20 North, 17/16 South)', () => {
    expect(playOf('VNNORTH', 'LO3').singleBetPrice).toBe(23);
    expect(playOf('VNNORTH', 'LO4').singleBetPrice).toBe(20);
    expect(playOf('VNSOUTH', 'LO3').singleBetPrice).toBe(17);
    expect(playOf('VNSOUTH', 'LO4').singleBetPrice).toBe(16);
    check('VNNORTH', 'LO3', [
      ['345', NORTH, 1, 'LO3×1'],
      ['777', NORTH, 1, 'LO3×1'],
      ['025', NORTH, 1, 'LO3×1'],
    ]);
    check('VNSOUTH', 'LO3', [
      ['456', SOUTH, 1, 'LO3×3'],
      ['078', SOUTH, 1, ''],
    ]);
    check('VNSOUTH', 'LO4', [
      ['3456', SOUTH, 1, 'LO4×1'],
      ['4456', SOUTH, 1, 'LO4×1'],
    ]);
    refuses('VNNORTH', 'LO3', '34', 'content.invalid');
  });

  it('đề, đầu, đuôi, 3 càng, 4 càng read the special; đề đầu the 8th prize', () => {
    check('VNNORTH', 'DE', [['45,46', NORTH, 2, 'DE×1']]);
    check('VNSOUTH', 'DE', [['56', SOUTH, 1, 'DE×1']]);
    check('VNSOUTH', 'DE_G8', [
      ['78', SOUTH, 1, 'DE_G8×1'],
      ['56', SOUTH, 1, ''],
    ]);
    expect(playsOf('VNNORTH').some((p) => p.code === 'DE_G8')).toBe(false);
    check('VNNORTH', 'DAU', [
      ['4', NORTH, 1, 'DAU×1'],
      ['5', NORTH, 1, ''],
    ]);
    check('VNNORTH', 'DUOI', [['5', NORTH, 1, 'DUOI×1']]);
    check('VNNORTH', 'CANG3', [
      ['345', NORTH, 1, 'CANG3×1'],
      ['777', NORTH, 1, ''],
    ]);
    check('VNSOUTH', 'CANG4', [['3456', SOUTH, 1, 'CANG4×1']]);
  });

  it('xiên pays once per group however often its numbers show; C(n,k) groups', () => {
    check('VNNORTH', 'XIEN2', [
      ['25,45', NORTH, 1, 'XIEN2×1'], // 25 shows 5 times, 45 twice: still one win
      ['25,45,99', NORTH, 3, 'XIEN2×3'],
      ['25,45,98', NORTH, 3, 'XIEN2×1'],
    ]);
    check('VNNORTH', 'XIEN3', [
      ['25,45,99', NORTH, 1, 'XIEN3×1'],
      ['25,45,98', NORTH, 1, ''],
    ]);
    check('VNNORTH', 'XIEN4', [['25,45,99,00', NORTH, 1, 'XIEN4×1']]);
    refuses('VNNORTH', 'XIEN3', '25,45', 'content.no_notes');
  });

  it('trượt wins when none of the group shows', () => {
    check('VNNORTH', 'TRUOT4', [
      ['01,02,09,10', NORTH, 1, 'TRUOT4×1'],
      ['01,02,09,25', NORTH, 1, ''],
      ['01,02,09,10,25', NORTH, 5, 'TRUOT4×1'],
      ['01,02,03,04', NORTH, 1, ''], // 30303 ends in 03
    ]);
    check('VNSOUTH', 'TRUOT8', [['03,04,05,06,07,08,09,10', SOUTH, 1, 'TRUOT8×1']]);
    check('VNSOUTH', 'TRUOT10', [['03,04,05,06,07,08,09,10,12,13', SOUTH, 1, 'TRUOT10×1']]);
  });

  it('special big/small on the digit sum of its last two (9 is a tie), odd/even on its last digit', () => {
    check('VNNORTH', 'BSOE', [['B,S,O,E', NORTH, 4, 'BSOE×1', 2]]); // 45: sum 9 → B/S tie; odd
    check('VNSOUTH', 'BSOE', [['B,S,O,E', SOUTH, 4, 'BSOE×2']]); // 56: sum 11 big; even
  });
});

describe('4D, table examples', () => {
  const R = ['1234', '5678', '9012', ...Array.from({ length: 20 }, (_, i) => String(3000 + i))].join(',');
  it('Big covers five categories, Small three, the 4A–4E bets one each', () => {
    check('4D', 'BIG', [['1234,5678,3000,3015', R, 4, 'FIRST×1 SECOND×1 STARTER×1 CONSOLATION×1']]);
    check('4D', 'SMALL', [['1234,5678,3000,3015', R, 4, 'FIRST×1 SECOND×1']]);
    check('4D', 'CAT_FIRST', [['1234,5678', R, 2, 'FIRST×1']]);
    check('4D', 'CAT_STARTER', [['1234,3000,3001,3015', R, 4, 'STARTER×2']]);
    check('4D', 'CAT_CONSOLATION', [
      ['3015', R, 1, 'CONSOLATION×1'],
      ['1234', R, 1, ''],
    ]);
  });
});

describe('content rules', () => {
  it('refuses bad tokens, duplicates, wrong row counts, empty and no-note contents', () => {
    refuses('SSC', '5X_DIRECT', '1_2_3_4', 'content.invalid');
    refuses('SSC', '5X_DIRECT', '1_2_3_4_x', 'content.invalid');
    refuses('SSC', '5X_DIRECT', '1,1_2_3_4_5', 'content.invalid');
    refuses('SSC', '5X_DIRECT', '1__3_4_5', 'content.no_notes');
    refuses('SSC', 'DWD', '____', 'content.no_notes');
    refuses('SSC', 'DT', '', 'content.invalid');
    refuses('11X5', 'RX1', '1', 'content.invalid');
    refuses('11X5', 'Q2_DIRECT', '01_01', 'content.no_notes');
    refuses('SSC', 'DWD', 'x'.repeat(5000), 'content.too_long');
    refuses('4D', 'BIG', '123', 'content.invalid');
  });

  it('previewNotes answers 0 while the selection is incomplete', () => {
    const play = playOf('SSC', '5X_DIRECT');
    expect(previewNotes(play, [['1'], ['2'], [], [], []])).toBe(0);
    expect(previewNotes(play, [['2', '1'], ['2'], ['3'], ['4'], ['5']])).toBe(2);
  });

  it('quick picks: all, big, small, odd, even, clear on numeric rows only', () => {
    const digits = playOf('SSC', 'DWD').rows[0]!;
    expect(quickPick(digits, 'big')).toEqual(['5', '6', '7', '8', '9']);
    expect(quickPick(digits, 'small')).toEqual(['0', '1', '2', '3', '4']);
    expect(quickPick(digits, 'odd')).toEqual(['1', '3', '5', '7', '9']);
    expect(quickPick(digits, 'even')).toEqual(['0', '2', '4', '6', '8']);
    expect(quickPick(digits, 'all')).toHaveLength(10);
    expect(quickPick(digits, 'clear')).toEqual([]);
    expect(quickPick(playOf('11X5', 'DWD').rows[0]!, 'big')).toEqual(['06', '07', '08', '09', '10', '11']);
    expect(quickPick(playOf('PK10', 'DWD').rows[0]!, 'small')).toEqual(['01', '02', '03', '04', '05']);
    expect(quickPick(playOf('K3', 'SUM').rows[0]!, 'big')).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
    ]);
    expect(quickPick(playOf('VNSOUTH', 'LO2').rows[0]!, 'big')[0]).toBe('50');
    expect(quickPick(playOf('SSC', 'BSOE').rows[0]!, 'all')).toEqual([]);
    // Rows capped below their option count (xiên, trượt: 16 numbers) offer no quick picks.
    expect(playOf('VNNORTH', 'XIEN2').rows[0]!.quick).toBe(false);
    expect(quickPick(playOf('VNNORTH', 'XIEN2').rows[0]!, 'big')).toEqual([]);
  });
});
