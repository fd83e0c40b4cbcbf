import type { ContractKind } from './kinds.ts';

/**
 * Contract statuses and their transitions, in one place (research §2.2, §2.3, §2.4; decision 030).
 *
 * - `P` a new offer waiting for the downline; `E` a modified offer (a re-offer) waiting for it;
 * - `A` signed, in force; `V` in force, the upline asked to terminate, waiting for the downline;
 * - `C` terminated; `R` rejected (not signed). A line without any contract is `DEF` ("Not signed").
 *
 * The daily-salary list's `PE` and `PC` ("modification / termination pending confirmation") are the
 * upline's labels of `E` and `V`, not statuses of their own.
 */
export const contractStatuses = ['P', 'E', 'A', 'V', 'C', 'R'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
/** A line on which no contract was ever offered. */
export type LineStatus = ContractStatus | 'DEF';

/** Who acts: the upline (offerer), the downline (holder), or the platform (the higher-rate rule). */
export type ContractActor = 'upline' | 'downline' | 'system';

export const contractActions = [
  'offer',
  'modify',
  'requestTermination',
  'accept',
  'reject',
  'acceptTermination',
  'rejectTermination',
  'autoTerminate',
] as const;
export type ContractAction = (typeof contractActions)[number];

/** Who may take each action. */
export const actionActor: Record<ContractAction, ContractActor> = {
  offer: 'upline',
  modify: 'upline',
  requestTermination: 'upline',
  accept: 'downline',
  reject: 'downline',
  acceptTermination: 'downline',
  rejectTermination: 'downline',
  autoTerminate: 'system',
};

/**
 * The whole table: from a status, each legal action and the status it leads to. Anything missing
 * is refused.
 * - offer: on a line without a live contract (never offered, rejected, terminated).
 * - modify: re-offers new terms on a pending offer (P stays P, E stays E) or on a signed contract
 *   (A → E). While E waits, the terms last accepted stay in force (decision 030).
 * - requestTermination: only on a signed contract (A → V); the contract stays in force until the
 *   downline answers. A downline cannot start a termination: the original's modal only answers.
 * - accept / reject: the downline's answer to P or E; rejecting a modification ends the contract
 *   (E → R), as the original's modal does.
 * - acceptTermination / rejectTermination: the downline's answer to V (→ C, or back to A).
 * - autoTerminate: the higher-rate rule ends any live contract (P, E, A, V → C) once the upline
 *   accepted lower terms of its own (research §2.4).
 */
export const transitionTable: Record<LineStatus, Partial<Record<ContractAction, ContractStatus>>> = {
  DEF: { offer: 'P' },
  R: { offer: 'P' },
  C: { offer: 'P' },
  P: { modify: 'P', accept: 'A', reject: 'R', autoTerminate: 'C' },
  E: { modify: 'E', accept: 'A', reject: 'R', autoTerminate: 'C' },
  A: { modify: 'E', requestTermination: 'V', autoTerminate: 'C' },
  V: { acceptTermination: 'C', rejectTermination: 'A', autoTerminate: 'C' },
};

export type TransitionRefusal = 'contract.actor.invalid' | 'contract.status.invalid';

export const transitionRefusalMessages: Record<TransitionRefusal, string> = {
  'contract.actor.invalid': 'This action is not yours to take on this contract',
  'contract.status.invalid': 'This contract cannot take this action in its current status',
};

export type TransitionResult =
  | { ok: true; next: ContractStatus; /** The terms offered become the terms in force. */ signs: boolean }
  | { ok: false; code: TransitionRefusal; message: string };

/** The next status of a contract after an action by an actor, or why it is refused. */
export function transition(
  current: LineStatus,
  action: ContractAction,
  actor: ContractActor,
): TransitionResult {
  if (actionActor[action] !== actor)
    return {
      ok: false,
      code: 'contract.actor.invalid',
      message: transitionRefusalMessages['contract.actor.invalid'],
    };
  const next = transitionTable[current][action];
  if (!next)
    return {
      ok: false,
      code: 'contract.status.invalid',
      message: transitionRefusalMessages['contract.status.invalid'],
    };
  return { ok: true, next, signs: action === 'accept' };
}

/** A request waits for the downline's answer (the consolidated request keys; the modal opens). */
export function awaitsDownline(status: LineStatus): boolean {
  return status === 'P' || status === 'E' || status === 'V';
}

/**
 * Whether a contract in this status is paid for a period: signed (A), terminating (V), and a
 * modification waiting for the downline (E, reached only from A), on the terms last accepted.
 */
export function paysInStatus(status: LineStatus): boolean {
  return status === 'A' || status === 'V' || status === 'E';
}

/** A live contract: offered or signed, not ended. The higher-rate rule ends these. */
export function isLive(status: LineStatus): boolean {
  return status === 'P' || status === 'E' || status === 'A' || status === 'V';
}

/**
 * The original's contract relays send the status the downline chose (research §2.3): on P/E,
 * A accepts and R rejects; on V, C terminates and A keeps the contract. The hourly salary answers
 * the request instead: on V, A accepts the termination and R rejects it. Null: no such answer.
 */
export function actionOfWireStatus(
  kind: ContractKind,
  current: LineStatus,
  sent: string,
): 'accept' | 'reject' | 'acceptTermination' | 'rejectTermination' | null {
  if (current === 'P' || current === 'E') return sent === 'A' ? 'accept' : sent === 'R' ? 'reject' : null;
  if (current === 'V') {
    if (kind === 'hourlySalary')
      return sent === 'A' ? 'acceptTermination' : sent === 'R' ? 'rejectTermination' : null;
    return sent === 'C' ? 'acceptTermination' : sent === 'A' ? 'rejectTermination' : null;
  }
  return null;
}
