import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  answerAgentContract,
  getAgentContracts,
  type CallBody,
  type ContractKind,
  type HigherRateAffected,
} from '@app/contract';
import { call } from '../../../shared/http/client.ts';
import { isApiError } from '../../../shared/http/api-error.ts';
import { AGENT_KEY, useAgentQuery } from '../ui.tsx';

/** The contracts list (held, given, requests), of one kind or all. */
export const useContracts = (kind?: ContractKind) => useAgentQuery(getAgentContracts, kind ? { kind } : {});

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
    mutationFn: (body: AnswerBody) => call(answerAgentContract, { body }),
    onSuccess: () => refresh(),
  });
}

/** The higher-rate refusal's affected contracts (AG-17), when the list the modal read was stale. */
export function higherRateAffected(error: unknown): HigherRateAffected[] | null {
  if (!isApiError(error) || error.errorCode !== 'agent.contract.higher.rate') return null;
  const value = error.value as { affected?: HigherRateAffected[] } | undefined;
  return value?.affected ?? [];
}
