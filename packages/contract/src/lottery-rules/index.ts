/**
 * The lottery rules (issue 9, decision 021): pure functions shared by the server and the betting
 * client. Families and their results, the plays of each family (notes, settlement, prizes), money
 * in integer minor units, series and rebate, bet-slip strings, quick picks, and the provable draw.
 */
export * from './types.ts';
export {
  familyOf,
  isFamily,
  isVietnamese,
  PRIZE_MODE_IDS,
  seriesBandOf,
  memberSeriesBand,
  PRIZE_GROUP_TOP,
  rebateRate,
  checkSeries,
  seriesOptions,
  VN_NORTH_TABLE,
  VN_SOUTH_TABLE,
} from './families.ts';
export {
  decimalRatio,
  prizeOf,
  stakeOf,
  rebateOf,
  zyFactor,
  winOf,
  refundOf,
  topPrizeOf,
  type PrizeOptions,
  type WinOptions,
} from './money.ts';
export {
  DRAW_ALGORITHM,
  checkResult,
  formatWinNo,
  parseWinNo,
  resultFromBytes,
  resultFromBlocks,
  drawMessage,
  hexToBytes,
  bytesToHex,
} from './draw.ts';
export {
  drawBlocks,
  deriveResult,
  commitOf,
  verifyCommit,
  verifyDraw,
  type DrawVerification,
} from './verify.ts';
export {
  MAX_CONTENT_LENGTH,
  contentRows,
  rowsContent,
  parseContent,
  quickPick,
  QUICK_PICKS,
  formatSlip,
  formatSlips,
  parseSlip,
  parseSlips,
  type QuickPick,
} from './content.ts';
export { playsOf, playOf, playById, previewNotes } from './registry.ts';
export { sha256, hmacSha256, commitOfSync, deriveResultSync } from './verify-sync.ts';
export { K3_SUM_WAYS } from './plays/k3.ts';
export { PK10_SUM_PAIRS } from './plays/pk10.ts';
export { xienProbability, truotProbability } from './plays/vn.ts';
