import type { CallDef } from './call.ts';
import * as system from './system.ts';
import * as notices from './notices.ts';
import * as session from './session.ts';
import * as member from './member.ts';
import * as registration from './registration.ts';
import * as agentRegister from './agent-register.ts';
import * as verification from './verification.ts';
import * as wallet from './wallet.ts';
import * as deposit from './deposit.ts';
import * as records from './records.ts';
import * as messages from './messages.ts';
import * as events from './events.ts';
import * as withdraw from './withdraw.ts';
import * as games from './games.ts';
import * as lottery from './lottery.ts';
import * as profile from './profile.ts';
import * as houseGames from './house-games/calls.ts';
import * as crash from './house-games/crash-calls.ts';
import * as agentReports from './agent-reports.ts';
import * as agentTeam from './agent-team.ts';
import * as agentNotices from './agent-notices.ts';
import * as agentContracts from './agent-contracts-calls.ts';
import * as points from './points.ts';
import * as responsible from './responsible.ts';
import * as referral from './referral.ts';
import * as support from './support.ts';
import * as socialSignIn from './social-sign-in.ts';
import * as promotions from './promotions.ts';
import * as raffles from './raffles.ts';
import * as vip from './vip.ts';
import * as chat from './chat.ts';

function collect(...modules: Record<string, unknown>[]): CallDef[] {
  const out: CallDef[] = [];
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value) {
        out.push(value as CallDef);
      }
    }
  }
  return out;
}

/** Every call of the wire, declared once (SY-24). */
export const allCalls: readonly CallDef[] = collect(
  system,
  notices,
  session,
  member,
  registration,
  agentRegister,
  verification,
  wallet,
  deposit,
  records,
  messages,
  events,
  withdraw,
  profile,
  games,
  houseGames,
  crash,
  lottery,
  agentTeam,
  agentReports,
  agentNotices,
  agentContracts,
  points,
  promotions,
  raffles,
  responsible,
  referral,
  support,
  socialSignIn,
  vip,
  chat,
);
