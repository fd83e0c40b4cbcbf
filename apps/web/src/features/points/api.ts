import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  convertPoint,
  getMemTransDet,
  getPointBalance,
  getPointConfig,
  getPointReward,
  getRedeemPointList,
  redeemPointReward,
  type CallBody,
  type PointsType,
} from '@app/contract';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';

/** Every points query lives under ['wallet', 'points', …]: logout (which drops ['wallet']) clears them. */
const K = {
  all: ['wallet', 'points'],
  balance: ['wallet', 'points', 'balance'],
  config: ['wallet', 'points', 'config'],
  // In the page's language (each goods' name in it, decision 047).
  goods: (language: string) => ['wallet', 'points', 'goods', language],
  redeems: (page: number) => ['wallet', 'points', 'redeems', page],
  details: (type: PointsType | undefined, page: number) => [
    'wallet',
    'points',
    'details',
    type ?? 'ALL',
    page,
  ],
} as const;

export const PAGE_SIZE = 10;

export function usePointBalance() {
  return useQuery({ queryKey: K.balance, queryFn: ({ signal }) => call(getPointBalance, { signal }) });
}

export function usePointConfig() {
  return useQuery({
    queryKey: K.config,
    queryFn: ({ signal }) => call(getPointConfig, { signal }),
    staleTime: 60_000,
  });
}

export function usePointGoods() {
  const { i18n } = useTypedTranslation('translation');
  return useQuery({
    queryKey: K.goods(i18n.language),
    queryFn: ({ signal }) => call(getPointReward, { signal }),
  });
}

/** The redeem history; read again every few seconds while one waits for the operator. */
export function useRedeemList(page: number) {
  return useQuery({
    queryKey: K.redeems(page),
    queryFn: ({ signal }) => call(getRedeemPointList, { query: { page, size: PAGE_SIZE }, signal }),
    refetchInterval: (q) => (q.state.data?.content.some((r) => r.status === 'PROCESS') ? 5_000 : false),
  });
}

export function usePointDetails(type: PointsType | undefined, page: number) {
  return useQuery({
    queryKey: K.details(type, page),
    queryFn: ({ signal }) =>
      call(getMemTransDet, { query: { page, size: PAGE_SIZE, ...(type ? { type } : {}) }, signal }),
  });
}

/** After a redeem or a conversion: the points, the goods, the lists and the money read again. */
function useAfterRedeem() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: K.all });
    void qc.invalidateQueries({ queryKey: LiveKeys.balance });
  };
}

/** Encrypted, with the payment password (PM-09). */
export function useRedeem() {
  const after = useAfterRedeem();
  return useMutation({
    mutationFn: (body: CallBody<typeof redeemPointReward>) => secureCall(redeemPointReward, { body }),
    onSuccess: after,
  });
}

/** Encrypted, with the payment password (PM-13). */
export function useConvert() {
  const after = useAfterRedeem();
  return useMutation({
    mutationFn: (body: CallBody<typeof convertPoint>) => secureCall(convertPoint, { body }),
    onSuccess: after,
  });
}
