/**
 * The demo accounts printed at start. The accounts issue seeds them with passwords and money;
 * until then the list is empty and says so.
 */
export interface DemoAccount {
  username: string;
  password: string;
  kind: string;
}

export const demoAccounts: DemoAccount[] = [];

export function demoAccountsText(): string {
  if (!demoAccounts.length) return '  Demo accounts: none yet (log in arrives with the accounts module).';
  const rows = demoAccounts.map((a) => `    ${a.username.padEnd(14)} ${a.password.padEnd(14)} ${a.kind}`);
  return ['  Demo accounts (username, password, kind):', ...rows].join('\n');
}
