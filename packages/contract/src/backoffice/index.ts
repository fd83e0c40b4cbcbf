/**
 * The back office's section of the contract (issue 31): its roles and permissions, its calls and
 * its refusals. Exported from the package as one namespace (`backoffice`), so none of its calls
 * is mistaken for a player's call (the player's registry and web call references list only those).
 */
export * from './roles.ts';
export * from './errors.ts';
export * from './calls.ts';
export * from './approvals.ts';
export * from './players.ts';
export * from './responsible.ts';
export * from './dashboard.ts';
export * from './content.ts';
export * from './points.ts';
export * from './promotions.ts';
export * from './engagement.ts';
export * from './raffles.ts';
export * from './chat.ts';
export * from './staff.ts';
export * from './reports.ts';
export * from './lottery.ts';
export * from './agents.ts';
export * from './games.ts';
export * from './site.ts';

import { foundationCalls, type BoCallDef } from './calls.ts';
import { approvalCalls } from './approvals.ts';
import { playerCalls } from './players.ts';
import { responsibleBoCalls } from './responsible.ts';
import { dashboardCalls } from './dashboard.ts';
import { contentCalls } from './content.ts';
import { pointsBoCalls } from './points.ts';
import { promotionBoCalls } from './promotions.ts';
import { engagementBoCalls } from './engagement.ts';
import { raffleBoCalls } from './raffles.ts';
import { chatBoCalls } from './chat.ts';
import { staffAccountCalls } from './staff.ts';
import { reportCalls } from './reports.ts';
import { lotteryCalls } from './lottery.ts';
import { agentCalls } from './agents.ts';
import { gamesCalls } from './games.ts';
import { siteCalls } from './site.ts';

/** Every back-office call (the permission matrix test walks this list). */
export const backofficeCalls: readonly BoCallDef[] = [
  ...foundationCalls,
  ...staffAccountCalls,
  ...approvalCalls,
  ...playerCalls,
  ...responsibleBoCalls,
  ...dashboardCalls,
  ...contentCalls,
  ...pointsBoCalls,
  ...promotionBoCalls,
  ...engagementBoCalls,
  ...raffleBoCalls,
  ...chatBoCalls,
  ...reportCalls,
  ...lotteryCalls,
  ...agentCalls,
  ...gamesCalls,
  ...siteCalls,
];
