import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  LOTTERY_POPULAR_COUNT,
  type CallBody,
  type cancelLotteryOrders,
  type LotteryMenus,
  type NumeroInfo,
  type OpenedNumero,
  type placeLotteryOrder,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { launchGameCall } from '../games/index.ts';
import {
  cancelLotteryOrdersCall,
  getBalanceCall,
  getChaseNumerosCall,
  getDrawHistoryCall,
  getDrawVerifyCall,
  getHotGapCall,
  getLatestDrawsCall,
  getLotteryGameMenusCall,
  getLotteryPlayMenuCall,
  getLotterySeriesCall,
  getLotterySettingCall,
  getNumerosNearCall,
  getOpenedNumerosCall,
  getPopularLotteriesCall,
  getTodayLotteryOrdersCall,
  getTrendChartCall,
  getVnGameMenuCall,
  getVnOpenedNumerosCall,
  placeLotteryOrderCall,
} from './calls.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';
import { useSession } from '../../shared/session/session.ts';
import type { DrawResult, LobbyGame, LobbyGroup, OpenNumero } from './model.ts';
import type { Variant } from './variants.ts';

const DEVICE = 'WEB';
const lang = () => (i18n.language || 'en').toUpperCase();

export const lotteryKeys = {
  all: ['lottery'] as const,
  menus: (v: Variant) => ['lottery', 'menus', v.area, v.prizeMode] as const,
  open: (v: Variant) => ['lottery', 'open', v.area, v.prizeMode] as const,
  latest: (v: Variant) => ['lottery', 'latest', v.prizeMode] as const,
  popular: (v: Variant) => ['lottery', 'popular', v.prizeMode, i18n.language] as const,
  near: (gameCode: string) => ['lottery', 'near', gameCode] as const,
  history: (gameId: number, page: number, size: number) =>
    ['lottery', 'history', gameId, page, size] as const,
  trend: (gameId: number, count: number) => ['lottery', 'trend', gameId, count] as const,
  orders: ['lottery', 'orders'] as const,
};

function groupsOf(menus: LotteryMenus, area: Variant['area']): LobbyGroup[] {
  return Object.values(menus)
    .filter((g) => g.gameMenus.length > 0)
    .filter((g) => area !== 'VN' || g.gameGroupCode.startsWith('VN'))
    .map((g) => ({
      code: g.gameGroupCode,
      label: g.labelName,
      games: g.gameMenus.map((m): LobbyGame => ({
        gameId: m.gameId,
        gameCode: m.gameCode || m.code,
        name: m.remark,
        groupCode: m.gameGroupCode || g.gameGroupCode,
        defaultPlayType: m.defaultPlayType,
        lockTime: m.lockTime,
        interval: m.interval,
      })),
    }));
}

/** The games of a variant by group: the VN menu (LT-01) on /vnlottery, game_menus otherwise. */
export function useLobby(variant: Variant) {
  return useQuery({
    queryKey: lotteryKeys.menus(variant),
    queryFn: async ({ signal }) => {
      const query = { prizeMode: variant.prizeMode, device: DEVICE, language: lang() };
      const menus =
        variant.area === 'VN'
          ? await call(getVnGameMenuCall, { query, signal })
          : await call(getLotteryGameMenusCall, { query, signal });
      return groupsOf(menus, variant.area);
    },
    staleTime: 5 * 60_000,
  });
}

/** A wire numero on this browser's clock: remainTime counts from the moment the answer arrived. */
export function toOpenNumero(
  n: Pick<NumeroInfo, 'numero' | 'remainTime' | 'lockTime' | 'isSale'>,
  receivedAt: number,
): OpenNumero {
  const drawAt = receivedAt + n.remainTime;
  return { numero: n.numero, drawAt, closeAt: drawAt - n.lockTime * 1000, isSale: n.isSale };
}

/** Once a numero has closed, ask again (research §1: at zero, re-poll at most every 5 s). */
function nextPoll(closeAts: number[], now: number, idleMs: number): number {
  const passed = closeAts.some((c) => c <= now);
  if (passed) return 5_000;
  const soonest = Math.min(...closeAts.map((c) => c - now), idleMs);
  return Math.max(1_000, soonest + 300);
}

/**
 * The numero on sale of every game, with the close time, in one call: the Vietnamese one (LT-03,
 * count 100) on /vnlottery, the opened-numero call elsewhere (answered to visitors too).
 */
export function useOpenNumeros(variant: Variant) {
  const query = useQuery({
    queryKey: lotteryKeys.open(variant),
    queryFn: async ({ signal }) => {
      const query = { prizeMode: variant.prizeMode, device: DEVICE, language: lang() };
      let list: OpenedNumero[];
      if (variant.area === 'VN') {
        list = (await call(getVnOpenedNumerosCall, { query: { ...query, count: 100 }, signal })).numeros;
      } else list = await call(getOpenedNumerosCall, { query, signal });
      const at = Date.now();
      return new Map(list.map((n) => [n.gameId, toOpenNumero(n, at)]));
    },
    refetchInterval: (q) =>
      nextPoll(
        [...(q.state.data?.values() ?? [])].map((n) => n.closeAt),
        Date.now(),
        30_000,
      ),
  });
  return query.data ?? EMPTY_OPEN;
}

const EMPTY_OPEN = new Map<number, OpenNumero>();

/** numeros/near of one game, on this browser's clock, re-asked when the numero closes. */
export function nearQuery(gameCode: string) {
  return {
    queryKey: lotteryKeys.near(gameCode),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const near = await call(getNumerosNearCall, { query: { gameCode }, signal });
      const at = Date.now();
      return {
        gameId: near.gameId,
        serverTime: near.serverTime,
        current: near.currentNumero ? toOpenNumero(near.currentNumero, at) : undefined,
        next: near.nextNumero ? toOpenNumero(near.nextNumero, at) : undefined,
        previous: near.previousNumero ?? undefined,
        currentInfo: near.currentNumero ?? undefined,
      };
    },
    refetchInterval: (q: { state: { data?: { current?: OpenNumero; previous?: NumeroInfo } } }) => {
      const d = q.state.data;
      // The last numero closed but is not drawn yet: watch for its result.
      if (d?.previous && !d.previous.winNo) return 3_000;
      return nextPoll(d?.current ? [d.current.closeAt] : [], Date.now(), 30_000);
    },
  };
}

export function useNear(gameCode: string) {
  return useQuery(nearQuery(gameCode));
}

/**
 * LT-04: the popular lotteries of the prize mode, the most bet on first (count 20, with the
 * prize mode, device and language, as the original client asks); the codes in that order.
 */
export function usePopular(variant: Variant) {
  const query = useQuery({
    queryKey: lotteryKeys.popular(variant),
    queryFn: ({ signal }) =>
      call(getPopularLotteriesCall, {
        query: {
          count: LOTTERY_POPULAR_COUNT,
          prizeMode: variant.prizeMode,
          device: DEVICE,
          language: lang(),
        },
        signal,
      }).then((r) => r.list.map((m) => m.gameCode || m.code)),
    staleTime: 5 * 60_000,
  });
  // Settled: answered, or its first try failed (the lobby waits for it, not for its retries).
  return { codes: query.data, settled: !query.isPending || query.failureCount > 0 };
}

/** The latest result of every game of the prize mode (getLatestDraws), for the lobby tiles. */
export function useLatestResults(variant: Variant, open: Map<number, OpenNumero>) {
  const query = useQuery({
    queryKey: lotteryKeys.latest(variant),
    queryFn: ({ signal }) =>
      call(getLatestDrawsCall, { query: { prizeMode: variant.prizeMode }, signal }).then(
        (draws) => new Map(draws.map((d): [number, DrawResult] => [d.gameId, d])),
      ),
    // A numero that closed a moment ago draws soon after: look again every few seconds then.
    refetchInterval: () => ([...open.values()].some((n) => n.closeAt <= Date.now()) ? 4_000 : 15_000),
  });
  return { results: query.data ?? NO_RESULTS, settled: !query.isPending || query.failureCount > 0 };
}

const NO_RESULTS = new Map<number, DrawResult>();

export function usePlayMenu(gameId: number | undefined, prizeMode: Variant['prizeMode']) {
  return useQuery({
    queryKey: ['lottery', 'plays', gameId, prizeMode, i18n.language],
    enabled: gameId !== undefined,
    queryFn: ({ signal }) =>
      call(getLotteryPlayMenuCall, { query: { gameId: gameId!, prizeMode, language: lang() }, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSetting(gameId: number | undefined) {
  return useQuery({
    queryKey: ['lottery', 'setting', gameId],
    enabled: gameId !== undefined,
    queryFn: ({ signal }) => call(getLotterySettingCall, { query: { gameId: gameId! }, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSeries(gameId: number | undefined, prizeMode: Variant['prizeMode']) {
  return useQuery({
    queryKey: ['lottery', 'series', gameId, prizeMode],
    enabled: gameId !== undefined,
    queryFn: ({ signal }) => call(getLotterySeriesCall, { query: { gameId: gameId!, prizeMode }, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useChaseNumeros(gameId: number | undefined, count: number, enabled: boolean) {
  return useQuery({
    queryKey: ['lottery', 'chase', gameId, count],
    enabled: enabled && gameId !== undefined,
    queryFn: ({ signal }) => call(getChaseNumerosCall, { query: { gameId: gameId!, count }, signal }),
    staleTime: 5_000,
  });
}

export function useDrawHistory(gameId: number | undefined, page: number, size: number, live: boolean) {
  return useQuery({
    queryKey: lotteryKeys.history(gameId ?? 0, page, size),
    enabled: gameId !== undefined,
    queryFn: ({ signal }) => call(getDrawHistoryCall, { query: { gameId: gameId!, page, size }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 4_000 : 30_000,
  });
}

export function useTrend(gameId: number | undefined, count: number) {
  return useQuery({
    queryKey: lotteryKeys.trend(gameId ?? 0, count),
    enabled: gameId !== undefined,
    queryFn: ({ signal }) => call(getTrendChartCall, { query: { gameId: gameId!, count }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useHotGap(gameId: number | undefined) {
  return useQuery({
    queryKey: ['lottery', 'hotgap', gameId],
    enabled: gameId !== undefined,
    queryFn: ({ signal }) => call(getHotGapCall, { query: { gameId: gameId!, count: 100 }, signal }),
    refetchInterval: 30_000,
  });
}

export function useTodayOrders(page: number, size: number, gameId?: number) {
  const member = useSession((s) => s.token) !== null;
  return useQuery({
    queryKey: [...lotteryKeys.orders, gameId ?? 0, page, size],
    enabled: member,
    queryFn: ({ signal }) =>
      call(getTodayLotteryOrdersCall, { query: { page, size, ...(gameId ? { gameId } : {}) }, signal }),
    placeholderData: keepPreviousData,
    // Bets waiting for their draw change state on their own: look again while any waits.
    refetchInterval: (q) => (q.state.data?.content.some((o) => o.status === 2) ? 4_000 : 30_000),
  });
}

/**
 * The member's balance on the lottery pages, whose header shows none (decision D3, SH-25): the
 * member bar's query and cache, which the live stream writes (MB-14), so a stake, a win or a
 * deposit shows here at once.
 */
export function useBalance() {
  const member = useSession((s) => s.token) !== null;
  return useQuery({
    queryKey: LiveKeys.balance,
    queryFn: ({ signal }) => call(getBalanceCall, { signal }),
    enabled: member,
    staleTime: 15_000,
  });
}

export function usePlaceOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof placeLotteryOrder>) => call(placeLotteryOrderCall, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: lotteryKeys.orders });
      void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    },
  });
}

export function useCancelOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof cancelLotteryOrders>) => call(cancelLotteryOrdersCall, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: lotteryKeys.orders });
      void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    },
  });
}

export function useDrawVerify(gameId: number | undefined, numero: string | undefined) {
  return useQuery({
    queryKey: ['lottery', 'verify', gameId, numero],
    enabled: gameId !== undefined && !!numero,
    queryFn: ({ signal }) => call(getDrawVerifyCall, { query: { gameId: gameId!, numero: numero! }, signal }),
    retry: false,
  });
}

/**
 * LT-07: the Vietnamese lobby launch. The query carries lottoArea VN, launchMode LOTT,
 * lottoPrizeMode, lottoGameCode, lottoView (betting for a game, lobby for the hall), device,
 * backUrl and language; the answer's address opens our own /vnlottery client.
 */
export function vnLaunchQuery(prizeMode: string, gameCode: string | undefined, backUrl: string) {
  return {
    lottoArea: 'VN',
    launchMode: 'LOTT' as const,
    lottoMode: 'VN',
    vassalage: 'TCG_SEA',
    lottoPrizeMode: prizeMode,
    lottoGameCode: gameCode ?? 'lobby',
    lottoView: gameCode ? 'betting' : 'lobby',
    device: DEVICE,
    backUrl,
    language: lang(),
  };
}

export function useVnLaunch() {
  return useMutation({
    mutationFn: ({ prizeMode, gameCode }: { prizeMode: string; gameCode?: string }) =>
      call(launchGameCall, {
        // The spec's VN fields ride along with the declared ones (the gateway reads what it needs).
        query: vnLaunchQuery(prizeMode, gameCode, `${window.location.origin}/vnlottery`),
      }),
  });
}
