import type { WhitelabelNode } from '@app/contract';
import type { AgentPageKey } from './pages.ts';

/** The menu's entries, each with its label's key agentCenter_<name> (the agent catalogue). */
type AgentMenuName =
  | 'announcement'
  | 'overview'
  | 'account'
  | 'team'
  | 'team_betting'
  | 'profit_loss'
  | 'income'
  | 'transactions'
  | 'dividend'
  | 'daily_salary'
  | 'hourly_salary'
  | 'realtime_salary';

/**
 * The optional feature type of an agent menu entry (spec B §2, AG-07): the kind of contract the
 * agent must hold for the entry to show (research/agent-contracts.md §1.2).
 */
export type AgentFeatureType = 'enableCt' | 'salary' | 'hourSalary' | 'agentRealtimeSalary';

/** One entry of the agent centre's menu (AG-07). */
export interface AgentMenuItem {
  /** Display name: the catalogue key of its label, under the agentCenter prefix (AG-09). */
  name: `agentCenter_${AgentMenuName}`;
  /** Page key: which page the content area shows. */
  page: AgentPageKey;
  /** Data path, under the agentCenter prefix (AG-09). */
  path: string;
  /** Optional feature type: the contract the agent must hold (AG-03..AG-06). */
  type?: AgentFeatureType;
  /** Whitelabel switches of which at least one must not be off (research §1.2). */
  switches?: readonly string[];
}

/** The whitelabel switches that show or hide agent entries (research §1.2). */
export const AgentSwitch = {
  overview: 'AGEPAG',
  teamBetting: 'TEAMBETTING3',
  teamProfitLoss: 'AGETEAMPNL3',
  registerDownline: 'AGEREGDOWN3',
  createAffiliate: 'CREATEAFF3',
  affiliateManagement: 'AFFMAN3',
  /** The lucky bag (red envelope) to several direct downlines. */
  luckyBag: 'AGENTRANSMULTDOWN3',
  /** Transfer to a downline from the agent's main wallet (the original's "charge"). */
  fundPassword: 'PAYMENTPASS3',
} as const;

const entry = (
  name: AgentMenuName,
  page: AgentPageKey,
  extra: { path?: string; type?: AgentFeatureType; switches?: readonly string[] } = {},
): AgentMenuItem => ({
  name: `agentCenter_${name}`,
  page,
  path: `agentCenter/${extra.path ?? page}`,
  ...(extra.type ? { type: extra.type } : {}),
  ...(extra.switches ? { switches: extra.switches } : {}),
});

/**
 * The whole menu in the spec's order (AG-02..AG-06), with the original's page keys and data paths
 * (research §1.1; `downlineManagmentView` is spelt as the original spells it).
 */
export const AGENT_MENU: readonly AgentMenuItem[] = [
  entry('announcement', 'agentAnnouncement'),
  entry('overview', 'agentTeamOverview', { switches: [AgentSwitch.overview] }),
  entry('account', 'registerCenter', {
    switches: [AgentSwitch.registerDownline, AgentSwitch.createAffiliate, AgentSwitch.affiliateManagement],
  }),
  entry('team', 'downlineManagmentView'),
  entry('team_betting', 'personalHistoryCopy', { switches: [AgentSwitch.teamBetting] }),
  entry('profit_loss', 'palStatementsAgentCopy', { switches: [AgentSwitch.teamProfitLoss] }),
  entry('income', 'agentRevenueReport'),
  entry('transactions', 'agentDownlineTransactionDetailsCopy'),
  entry('dividend', 'agentDividendRecordCopy2', { path: 'agentDividendRecord2', type: 'enableCt' }),
  entry('daily_salary', 'agentDailyWages2', { type: 'salary' }),
  entry('hourly_salary', 'agentHourSalary', { type: 'hourSalary' }),
  entry('realtime_salary', 'agentRealtimeSalary', { type: 'agentRealtimeSalary' }),
];

/** The default agent page (AG-08). */
export const DEFAULT_AGENT_PAGE = 'agentTeamOverview';

/** The node of `modId` in the whitelabel tree, if the operator's tree has one. */
function findSwitch(node: WhitelabelNode, modId: string): WhitelabelNode | undefined {
  if (node.modId === modId) return node;
  for (const child of node.childrenNodes) {
    const found = findSwitch(child, modId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether an agent entry's switch lets it show. The spec calls these entries always present
 * (AG-02) while the original hides them behind whitelabel switches (research §1.2): both hold when
 * a switch the operator's tree does not carry counts as on, and one it carries shows the entry only
 * when enabled "1". (A generic switch that is unknown is off, SY-08: these are the one exception,
 * so that a tree without the agent modules does not empty the agent centre.)
 */
export function agentSwitchOn(tree: WhitelabelNode, modId: string): boolean {
  const node = findSwitch(tree, modId);
  return node === undefined || node.enabled === '1';
}

/** A switch the operator turned on explicitly (for features off unless asked for: the lucky bag). */
export function agentSwitchExplicitlyOn(tree: WhitelabelNode, modId: string): boolean {
  return findSwitch(tree, modId)?.enabled === '1';
}

/** Which contract kinds the agent holds with its upline (read from consolidated, see contractsHeld). */
export type ContractsHeld = Record<AgentFeatureType, boolean>;

export const NO_CONTRACTS: ContractsHeld = {
  enableCt: false,
  salary: false,
  hourSalary: false,
  agentRealtimeSalary: false,
};

/** A contract record "has something": a non-empty list or object, a non-empty string, a positive number. */
function present(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return value > 0;
  return value === true;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Some product type's `.agent` of an info key is not empty (`dailysalinfotype.LOTT.agent`). */
function someAgent(info: unknown): boolean {
  return Object.values(record(info)).some((byProduct) => present(record(byProduct).agent));
}

/**
 * The dividend contract in the newer shape: `divtypecompperiodinfo[product][period].agent[]` has a
 * row in force: A (active) or V (termination requested), as the original reads it, or E (a
 * modification waiting, during which the last accepted terms keep paying: decision 030).
 */
function dividendHeld(consolidated: Record<string, unknown>): boolean {
  const periods = Object.values(record(consolidated.divtypecompperiodinfo)).flatMap((byProduct) =>
    Object.values(record(byProduct)),
  );
  const active = periods.some((period) => {
    const rows = record(period).agent;
    return (
      Array.isArray(rows) &&
      rows.some((row) => {
        const status = record(row).status;
        return status === 'A' || status === 'V' || status === 'E';
      })
    );
  });
  return active || someAgent(consolidated.divtypeinfo);
}

/**
 * Which contracts the agent holds, from the consolidated answer's info keys (research §1.2, §1.3):
 * the request keys (`dailysalreqtype`, ...) say what waits for an answer and switch no menu entry.
 * The info keys come with the contracts (issue 30); an answer without them holds none.
 */
export function contractsHeld(consolidated: unknown): ContractsHeld {
  const c = record(consolidated);
  return {
    enableCt: dividendHeld(c),
    salary: someAgent(c.dailysalinfotype),
    hourSalary: someAgent(c.contracthoursalinfo),
    agentRealtimeSalary: someAgent(c.realtimesalinfotype),
  };
}

/**
 * The entries an agent sees (AG-02..AG-06): the always-present eight unless the operator switched
 * one off, then the four contract entries only for the contracts the agent holds.
 */
export function visibleAgentMenu(tree: WhitelabelNode, contracts: ContractsHeld): AgentMenuItem[] {
  return AGENT_MENU.filter((item) => {
    if (item.type) return contracts[item.type];
    return !item.switches || item.switches.some((id) => agentSwitchOn(tree, id));
  });
}

/** The page to show: the one asked for when it is in the menu, else the default (AG-08), else the first. */
export function activeAgentPage(menu: readonly AgentMenuItem[], asked: string): AgentMenuItem | undefined {
  return (
    menu.find((item) => item.page === asked) ??
    menu.find((item) => item.page === DEFAULT_AGENT_PAGE) ??
    menu[0]
  );
}
