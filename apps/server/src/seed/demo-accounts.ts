import { WEAK_DEFAULT_PASSWORD } from '@app/contract';
import { demoTreeAccounts } from './demo-agents.ts';

/**
 * The demo accounts seeded on an empty database (seed/accounts.ts) and printed at start, so a
 * newcomer can log in as every kind of account at once.
 */
export interface DemoAccount {
  username: string;
  password: string;
  kind: string;
}

export const demoAccounts: DemoAccount[] = [
  { username: 'demo', password: 'Demo1234', kind: 'member with $8,888.00 (mobile +84 912345678)' },
  {
    username: 'agent1',
    password: 'Agent1234',
    kind: 'agent, type 1 (affiliate code LOTUS8), top of the demo agent tree (group 1956)',
  },
  { username: 'agent2', password: 'Agent1234', kind: 'agent, type 2, level 1 under agent1 (group 1950)' },
  // The rest of the agent tree and its players (demo-agents.ts).
  ...demoTreeAccounts,
  { username: 'agentonly41', password: 'Agent1234', kind: 'agent-only account, type 41' },
  { username: 'agentonly42', password: 'Agent1234', kind: 'agent-only account, type 42' },
  {
    username: 'weakpass',
    password: WEAK_DEFAULT_PASSWORD,
    kind: 'member on the default password: forced change at login',
  },
  {
    username: 'expired',
    password: 'Expired1234',
    kind: 'member with an expired password (PWDEXPFORCECHANGE3)',
  },
  {
    username: 'nonplay',
    password: 'Nonplay1234',
    kind: 'non-playing account, type 40: refused on the member side',
  },
  {
    username: 'guest00000001',
    password: '(free play)',
    kind: 'trial player, type 4; "Free play" makes a new one',
  },
];

export function demoAccountsText(): string {
  const rows = demoAccounts.map((a) => `    ${a.username.padEnd(14)} ${a.password.padEnd(12)} ${a.kind}`);
  return ['  Demo accounts (username, password, kind):', ...rows].join('\n');
}
