import { contractLine, type ContractTerms } from './kinds.ts';
import { isLive, type ContractStatus } from './status.ts';
import { rateExcesses } from './tiers.ts';

/**
 * The higher-rate rule (research §2.4, AG-17): when an agent accepts terms from its upline whose
 * rates are below a rate it has already given a downline on the same line, that downline's contract
 * ends (autoTerminate), after the agent confirms a warning naming who is affected. "Below" uses the
 * same caps as an offer's check: a downline contract conflicts when any of its tiers' rates is
 * above the highest rate of the agent's new terms on that rate field. New terms of null (the
 * agent's own contract ends or is rejected) end every live downline contract on the line.
 */

export interface DownlineContract {
  contractId: number | string;
  downlineId: number | string;
  /** For the warning. */
  username?: string;
  status: ContractStatus;
  /** The terms offered or in force. */
  terms: ContractTerms;
}

export interface HigherRateConflict {
  contractId: number | string;
  downlineId: number | string;
  username?: string;
  /** The first tier and field above the new terms, the value and the new cap (null: none left). */
  tier: number;
  field: string;
  value: number;
  cap: number | null;
}

/**
 * The live downline contracts on the line of `line` that the agent's new terms would end. `line`
 * names the line when `newTerms` is null.
 */
export function higherRateConflicts(
  newTerms: ContractTerms | null,
  downlines: readonly DownlineContract[],
  line: string = newTerms ? contractLine(newTerms) : '',
): HigherRateConflict[] {
  const out: HigherRateConflict[] = [];
  for (const c of downlines) {
    if (!isLive(c.status) || contractLine(c.terms) !== line) continue;
    const excess = rateExcesses(c.terms, newTerms)[0];
    if (!excess) continue;
    out.push({
      contractId: c.contractId,
      downlineId: c.downlineId,
      ...(c.username === undefined ? {} : { username: c.username }),
      tier: excess.tier,
      field: excess.field,
      value: excess.value,
      cap: excess.cap,
    });
  }
  return out;
}

/** The original's request-row flag: 'Y' when accepting these terms would end a downline contract. */
export function downlineHigherRate(
  newTerms: ContractTerms,
  downlines: readonly DownlineContract[],
): 'Y' | 'N' {
  return higherRateConflicts(newTerms, downlines).length ? 'Y' : 'N';
}

/** The original's warning (research §2.4), with the downlines named. */
export function higherRateWarning(conflicts: readonly HigherRateConflict[]): string {
  const names = conflicts.map((c) => c.username ?? String(c.downlineId)).join(', ');
  return (
    'There is a downline with a higher rate than the new contract; if you proceed, the contract with that downline is terminated automatically.' +
    (names ? ` (${names})` : '')
  );
}
