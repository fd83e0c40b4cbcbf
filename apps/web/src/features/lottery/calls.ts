import type {
  cancelLotteryOrders,
  getBalance,
  getChaseNumeros,
  getDrawHistory,
  getDrawVerify,
  getHotGap,
  getLatestDraws,
  getLotteryGameMenus,
  getLotteryPlayMenu,
  getLotterySeries,
  getLotterySetting,
  getNumerosNear,
  getOpenedNumeros,
  getPopularLotteries,
  getTodayLotteryOrders,
  getTrendChart,
  getVnGameMenu,
  getVnOpenedNumeros,
  placeLotteryOrder,
} from '@app/contract';
import { callRef } from '../../shared/http/call-ref.ts';

/*
 * The lottery's calls as the http client needs them: their wire shape, typed by the contract's
 * declarations (shared/http/call-ref.ts). Passing the contract's calls themselves put their zod
 * schemas, and zod with them, into the lottery chunk (about 25 kB gzip) for checks the client
 * never runs; calls.test.ts checks every ref against its declaration.
 */

/** The member bar's balance call: the lottery pages read the same cache (LiveKeys.balance). */
export const getBalanceCall = callRef<typeof getBalance>({
  id: 'getBalance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

export const cancelLotteryOrdersCall = callRef<typeof cancelLotteryOrders>({
  id: 'cancelLotteryOrders',
  method: 'POST',
  path: '/lgw/orders/suborders/cancel',
  wire: 'bare',
  token: true,
  encrypted: false,
});

export const getChaseNumerosCall = callRef<typeof getChaseNumeros>({
  id: 'getChaseNumeros',
  method: 'GET',
  path: '/lgw/numeros/chase',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getDrawHistoryCall = callRef<typeof getDrawHistory>({
  id: 'getDrawHistory',
  method: 'GET',
  path: '/lgw/draw/history',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getDrawVerifyCall = callRef<typeof getDrawVerify>({
  id: 'getDrawVerify',
  method: 'GET',
  path: '/lgw/draw/verify',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getHotGapCall = callRef<typeof getHotGap>({
  id: 'getHotGap',
  method: 'GET',
  path: '/lgw/draw/hot_gap_info',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getLatestDrawsCall = callRef<typeof getLatestDraws>({
  id: 'getLatestDraws',
  method: 'GET',
  path: '/lgw/draw',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getLotteryGameMenusCall = callRef<typeof getLotteryGameMenus>({
  id: 'getLotteryGameMenus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getLotteryPlayMenuCall = callRef<typeof getLotteryPlayMenu>({
  id: 'getLotteryPlayMenu',
  method: 'GET',
  path: '/lgw/games/play_menu',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getLotterySeriesCall = callRef<typeof getLotterySeries>({
  id: 'getLotterySeries',
  method: 'GET',
  path: '/lgw/customers/series',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getLotterySettingCall = callRef<typeof getLotterySetting>({
  id: 'getLotterySetting',
  method: 'GET',
  path: '/lgw/games/setting',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getNumerosNearCall = callRef<typeof getNumerosNear>({
  id: 'getNumerosNear',
  method: 'GET',
  path: '/lgw/numeros/near',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getOpenedNumerosCall = callRef<typeof getOpenedNumeros>({
  id: 'getOpenedNumeros',
  method: 'GET',
  path: '/lgw/games/opened/numero',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getPopularLotteriesCall = callRef<typeof getPopularLotteries>({
  id: 'getPopularLotteries',
  method: 'GET',
  path: '/lgw/games/popular',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getTodayLotteryOrdersCall = callRef<typeof getTodayLotteryOrders>({
  id: 'getTodayLotteryOrders',
  method: 'GET',
  path: '/lgw/orders/today',
  wire: 'bare',
  token: true,
  encrypted: false,
});

export const getTrendChartCall = callRef<typeof getTrendChart>({
  id: 'getTrendChart',
  method: 'GET',
  path: '/lgw/draw/trend',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getVnGameMenuCall = callRef<typeof getVnGameMenu>({
  id: 'getVnGameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const getVnOpenedNumerosCall = callRef<typeof getVnOpenedNumeros>({
  id: 'getVnOpenedNumeros',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  wire: 'bare',
  token: false,
  encrypted: false,
});

export const placeLotteryOrderCall = callRef<typeof placeLotteryOrder>({
  id: 'placeLotteryOrder',
  method: 'POST',
  path: '/lgw/orders/betting',
  wire: 'bare',
  token: true,
  encrypted: false,
});
