import {
  cancelLotteryOrdersRef,
  getChaseNumerosRef,
  getDrawHistoryRef,
  getDrawVerifyRef,
  getHotGapRef,
  getLatestDrawsRef,
  getLotteryGameMenusRef,
  getLotteryPlayMenuRef,
  getLotterySeriesRef,
  getLotterySettingRef,
  getNumerosNearRef,
  getOpenedNumerosRef,
  getPopularLotteriesRef,
  getTodayLotteryOrdersRef,
  getTrendChartRef,
  getVnGameMenuRef,
  getVnOpenedNumerosRef,
  placeLotteryOrderRef,
} from '../../shared/http/call-refs/lottery.ts';
import { getBalanceRef } from '../../shared/http/call-refs/wallet.ts';

/*
 * The lottery's calls as the http client needs them: their wire shape, typed by the contract's
 * declarations and generated from them (shared/http/call-refs.generated.ts). Passing the contract's
 * calls themselves put their zod schemas, and zod with them, into the lottery chunk (about 25 kB
 * gzip) for checks the client never runs.
 */

/** The member bar's balance call: the lottery pages read the same cache (LiveKeys.balance). */
export { getBalanceRef as getBalanceCall };

export { cancelLotteryOrdersRef as cancelLotteryOrdersCall };

export { getChaseNumerosRef as getChaseNumerosCall };

export { getDrawHistoryRef as getDrawHistoryCall };

export { getDrawVerifyRef as getDrawVerifyCall };

export { getHotGapRef as getHotGapCall };

export { getLatestDrawsRef as getLatestDrawsCall };

export { getLotteryGameMenusRef as getLotteryGameMenusCall };

export { getLotteryPlayMenuRef as getLotteryPlayMenuCall };

export { getLotterySeriesRef as getLotterySeriesCall };

export { getLotterySettingRef as getLotterySettingCall };

export { getNumerosNearRef as getNumerosNearCall };

export { getOpenedNumerosRef as getOpenedNumerosCall };

export { getPopularLotteriesRef as getPopularLotteriesCall };

export { getTodayLotteryOrdersRef as getTodayLotteryOrdersCall };

export { getTrendChartRef as getTrendChartCall };

export { getVnGameMenuRef as getVnGameMenuCall };

export { getVnOpenedNumerosRef as getVnOpenedNumerosCall };

export { placeLotteryOrderRef as placeLotteryOrderCall };
