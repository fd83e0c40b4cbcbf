import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  cancelDepositOrder,
  cancelWithdrawal,
  createDepositOrder,
  getDepositChannels,
  getMerchantWallet,
  getUplineTransfer,
  getWithdrawal,
  getWithdrawSettings,
  listDepositOrders,
  listWithdrawals,
  processC2CTransaction,
  submitWithdraw,
  transferToUpline,
  uploadWithdrawProof,
  walletTransfer,
  type CallBody,
  type CallValue,
  type MerchantWallet,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { postBytes } from '../../shared/http/post-bytes.ts';
import { secureCall } from '../../shared/http/payload-encryption.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';
import { persistedOptions, SessionCaches } from '../../shared/storage/query-persistence.ts';

/** Every wallet-page query lives under ['wallet', …], so logout (which drops ['wallet']) clears them. */
const K = {
  channels: ['wallet', 'deposit', 'channels'],
  deposits: ['wallet', 'deposit', 'orders'],
  withdrawSettings: ['wallet', 'withdraw', 'settings'],
  withdrawals: ['wallet', 'withdraw', 'list'],
  withdrawal: (id: number) => ['wallet', 'withdraw', 'detail', id],
  merchant: ['wallet', 'merchant'],
  upline: ['wallet', 'upline'],
} as const;

/** After any money movement: the balance, the withdraw page's figures and the records are read again. */
function useAfterMovement() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: LiveKeys.balance });
    void qc.invalidateQueries({ queryKey: LiveKeys.records });
    void qc.invalidateQueries({ queryKey: K.withdrawSettings });
  };
}

export function useDepositChannels() {
  return useQuery({
    queryKey: K.channels,
    queryFn: ({ signal }) => call(getDepositChannels, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The member's recent deposits. While one is pending it is read again every few seconds, so an
 * operator's approval or the gateway's callback shows without a reload.
 */
export function useDepositOrders() {
  return useQuery({
    queryKey: K.deposits,
    queryFn: ({ signal }) => call(listDepositOrders, { query: { page: 1, pageSize: 10 }, signal }),
    refetchInterval: (q) => (q.state.data?.items.some((o) => o.status === 'PENDING') ? 5_000 : false),
  });
}

export function useCreateDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof createDepositOrder>) => call(createDepositOrder, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: K.deposits }),
  });
}

export function useCancelDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => call(cancelDepositOrder, { body: { orderNo } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: K.deposits }),
  });
}

export function useWithdrawSettings() {
  return useQuery({
    queryKey: K.withdrawSettings,
    queryFn: ({ signal }) => call(getWithdrawSettings, { signal }),
  });
}

/** Withdrawals in progress are read again every few seconds, so each operator step shows as it happens. */
export function useWithdrawals() {
  return useQuery({
    queryKey: K.withdrawals,
    queryFn: ({ signal }) => call(listWithdrawals, { query: { page: 1, pageSize: 10 }, signal }),
    refetchInterval: (q) =>
      q.state.data?.list.some((w) => ['PENDING', 'APPROVED'].includes(w.status)) ? 5_000 : false,
  });
}

export function useWithdrawal(id: number | null) {
  return useQuery({
    queryKey: K.withdrawal(id ?? 0),
    queryFn: ({ signal }) => call(getWithdrawal, { query: { id: id! }, signal }),
    enabled: id !== null,
    // While the operator still has a step to take, the open request is read again every few seconds.
    refetchInterval: (q) => (['PENDING', 'APPROVED'].includes(q.state.data?.status ?? '') ? 5_000 : false),
  });
}

function useAfterWithdrawChange() {
  const qc = useQueryClient();
  const after = useAfterMovement();
  return (w: CallValue<typeof getWithdrawal>) => {
    qc.setQueryData(K.withdrawal(w.id), w);
    void qc.invalidateQueries({ queryKey: K.withdrawals });
    after();
  };
}

/** The request goes encrypted with the payment password (SY-30), like login. */
export function useSubmitWithdraw() {
  const after = useAfterWithdrawChange();
  return useMutation({
    mutationFn: (body: CallBody<typeof submitWithdraw>) => secureCall(submitWithdraw, { body }),
    onSuccess: after,
  });
}

export function useCancelWithdraw() {
  const after = useAfterWithdrawChange();
  return useMutation({
    mutationFn: (id: number) => call(cancelWithdrawal, { body: { id } }),
    onSuccess: after,
  });
}

/** POST /wps/withdraw/proof: the raw image bytes as the body. */
function uploadProof(withdrawalId: number, blob: Blob, contentType: string) {
  return postBytes<CallValue<typeof uploadWithdrawProof>>(
    uploadWithdrawProof.path,
    { withdrawalId },
    blob,
    contentType,
  );
}

/** Confirms a payout (WD-07, WD-08): proof images first (WD-09), then the answer. */
export function useConfirmPayout() {
  const after = useAfterWithdrawChange();
  return useMutation({
    mutationFn: async ({
      proofs,
      ...body
    }: CallBody<typeof processC2CTransaction> & { proofs: { blob: Blob; contentType: string }[] }) => {
      for (const p of proofs) await uploadProof(Number(body.id), p.blob, p.contentType);
      return call(processC2CTransaction, { body });
    },
    onSuccess: after,
  });
}

/** GCS_merchantWallet (WD-06), kept in session storage (BC-05): the wallet page knows at once on a reload. */
export function useMerchantWallet() {
  return useQuery({
    queryKey: K.merchant,
    queryFn: ({ signal }) => call(getMerchantWallet, { signal }),
    ...persistedOptions<MerchantWallet>(SessionCaches.merchantWallet, K.merchant),
    staleTime: 5 * 60_000,
  });
}

export function useWalletTransfer() {
  const after = useAfterMovement();
  return useMutation({
    mutationFn: (body: CallBody<typeof walletTransfer>) => call(walletTransfer, { body }),
    onSuccess: after,
  });
}

export function useUplineInfo() {
  return useQuery({
    queryKey: K.upline,
    queryFn: ({ signal }) => call(getUplineTransfer, { signal }),
  });
}

export function useTransferToUpline() {
  const after = useAfterMovement();
  return useMutation({
    mutationFn: (body: CallBody<typeof transferToUpline>) => secureCall(transferToUpline, { body }),
    onSuccess: after,
  });
}
