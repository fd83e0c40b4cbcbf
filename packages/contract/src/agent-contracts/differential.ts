/**
 * The differential (decision 030): each agent's contract amount is computed on its whole team; it
 * keeps that amount minus what it owes its direct downlines under their contracts with it (their
 * own contract amounts, each on its own sub-team). Summed over a chain, the agents together receive
 * exactly the top agent's contract amount.
 *
 * An agent's pay is never negative. When what it owes its downlines exceeds its own amount (a
 * sub-team lost more than the whole team, a downline's fixed salaries add up above its own, a
 * lower own tier), the downlines are still paid in full, the agent is paid 0, and the shortfall is
 * carried as the agent's deficit on that contract line: it is taken off the agent's next positive
 * differentials on the line until cleared. The house advances it meanwhile (decision 030).
 */

export type AgentId = number | string;

export interface DifferentialNode {
  agentId: AgentId;
  /** The agent its contract is with, when that agent is also settled in this set; else null (a top). */
  uplineId: AgentId | null;
  /** Its own contract amount on its team for the period (≥ 0). */
  amount: number;
  /** Its deficit carried in on this line (≥ 0). */
  deficitIn?: number;
}

export interface DownlineDeduction {
  downlineId: AgentId;
  /** What the agent owes that direct downline: the downline's own contract amount. */
  amount: number;
}

export interface DifferentialResult {
  agentId: AgentId;
  amount: number;
  deductions: DownlineDeduction[];
  /** Σ deductions. */
  owed: number;
  /** amount − owed: may be negative. */
  gross: number;
  deficitIn: number;
  /** Taken off this period's positive gross towards the deficit carried in. */
  recovered: number;
  /** Paid to the agent: max(gross, 0) − recovered, never negative. */
  pay: number;
  /** Carried on: deficitIn − recovered + max(−gross, 0). */
  deficitOut: number;
}

/** The pay of one agent from its own amount, its downlines' amounts and its deficit carried in. */
export function differentialOf(
  agentId: AgentId,
  amount: number,
  deductions: DownlineDeduction[],
  deficitIn = 0,
): DifferentialResult {
  const owed = deductions.reduce((s, d) => s + d.amount, 0);
  const gross = amount - owed;
  const positive = Math.max(gross, 0);
  const recovered = Math.min(deficitIn, positive);
  return {
    agentId,
    amount,
    deductions,
    owed,
    gross,
    deficitIn,
    recovered,
    pay: positive - recovered,
    deficitOut: deficitIn - recovered + Math.max(-gross, 0),
  };
}

/**
 * Every agent's differential over a set of contracts of one line and one period (a tree, or a
 * forest: an agent whose upline is not in the set is a top, paid by its own upline or the house).
 * In the set's order.
 */
export function settleDifferential(nodes: readonly DifferentialNode[]): DifferentialResult[] {
  const children = new Map<AgentId, DownlineDeduction[]>();
  for (const n of nodes) {
    if (n.uplineId === null) continue;
    let list = children.get(n.uplineId);
    if (!list) children.set(n.uplineId, (list = []));
    list.push({ downlineId: n.agentId, amount: n.amount });
  }
  return nodes.map((n) =>
    differentialOf(n.agentId, n.amount, children.get(n.agentId) ?? [], n.deficitIn ?? 0),
  );
}
