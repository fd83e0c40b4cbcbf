import type { backoffice } from '@app/contract';

/** What each permission lets a person do, in the words of the desk (the contract names the codes). */
export const PERMISSION_LABEL: Record<backoffice.StaffPermission, string> = {
  'staff.manage': 'Create and disable staff',
  'audit.read': 'Read and verify the audit log',
  'dashboard.read': 'See the dashboard',
  'report.read': 'Read reports',
  'player.read': 'Look players up',
  'player.lock': 'Lock and unlock players',
  'player.limits': 'Set stricter limits and time-outs',
  'player.adjust': 'Adjust player balances and forfeit bonuses',
  'deposit.approve': 'Approve deposits',
  'withdrawal.approve': 'Approve withdrawals',
  'points.approve': 'Approve and reject points redeems',
  'lottery.result': 'Enter and correct lottery results',
  'game.manage': 'Switch vendors and games',
  'content.edit': 'Edit notices, banners and promotions',
  'site.switches': 'Maintenance, regions and switches',
  'brand.edit': 'Change the brand, registration fields and service links',
  'agent.read': 'Read agents and settlements',
  'agent.settle': 'Re-run agent settlement periods',
  'feedback.handle': "Read and answer players' feedback",
  'chat.moderate': 'Remove chat messages, mute players and manage the chat groups',
};
