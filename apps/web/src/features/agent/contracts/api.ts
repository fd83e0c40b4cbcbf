import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keepPreviousData } from '@tanstack/react-query';
import type {
  answerAgentContract,
  CallBody,
  CallDef,
  CallQuery,
  CallValue,
  ContractKind,
  HigherRateAffected,
} from '@app/contract';
import type { CallRef } from '../../../shared/http/call-ref.ts';
import {
  answerAgentContractRef,
  getAgentContractsRef,
} from '../../../shared/http/call-refs/agent-contracts.ts';
import { useQuery } from '../../../shared/http/use-query.ts';
import { call } from '../../../shared/http/client.ts';
import { isApiError } from '../../../shared/http/api-error.ts';
import { AGENT_KEY } from '../ui.tsx';

/**
 * One agent read through the call's reference (path and method, no schema), keyed as useAgentQuery
 * keys them so an agent write refreshes it too: the contract pages carry no zod schemas of their calls.
 */
export function useContractQuery<C extends CallDef>(ref: CallRef<C>, query: CallQuery<C>, enabled = true) {
  return useQuery<CallValue<C>>({
    queryKey: [...AGENT_KEY, ref.id, query],
    queryFn: ({ signal }) => call(ref, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}

/** The contracts list (held, given, requests), of one kind or all. */
export const useContracts = (kind?: ContractKind) =>
  useContractQuery(getAgentContractsRef, kind ? { kind } : {});

/** After any contract move: every agent read, and the consolidated keys (menu entries, the modal). */
export function useContractsRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: AGENT_KEY }),
      client.invalidateQueries({ queryKey: ['member', 'consolidated'] }),
    ]);
}

export type AnswerBody = CallBody<typeof answerAgentContract>;

/** The downline's answer (accept, reject, and the termination request's two). */
export function useAnswer() {
  const refresh = useContractsRefresh();
  return useMutation({
    mutationFn: (body: AnswerBody) => call(answerAgentContractRef, { body }),
    onSuccess: () => refresh(),
  });
}

/** The higher-rate refusal's affected contracts (AG-17), when the list the modal read was stale. */
export function higherRateAffected(error: unknown): HigherRateAffected[] | null {
  if (!isApiError(error) || error.errorCode !== 'agent.contract.higher.rate') return null;
  const value = error.value as { affected?: HigherRateAffected[] } | undefined;
  return value?.affected ?? [];
}
