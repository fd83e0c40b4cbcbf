/**
 * The back office's roles and what each may do (issue 31, decision 031). One table in code, read
 * by the server (every back-office call names the permission it needs) and by the staff's web app
 * (to show only what a person may use); the server's check is the one that counts.
 */

/** Every action a back-office call can need, by name. */
export const staffPermissions = [
  /** Create and disable staff accounts. */
  'staff.manage',
  /** Read the audit log and verify its chain. */
  'audit.read',
  'dashboard.read',
  'report.read',
  'player.read',
  'player.lock',
  /** Set a stricter responsible-gambling limit or a time-out on a player (decision 039). */
  'player.limits',
  /** Adjust a player's balance (a ledger movement of its own kind, with a reason). */
  'player.adjust',
  'deposit.approve',
  'withdrawal.approve',
  /** Approve or reject redeems of the points mall (a rejection returns the points). */
  'points.approve',
  /** Enter, correct and void lottery results. */
  'lottery.result',
  /** Vendors and games on and off, maintenance per vendor. */
  'game.manage',
  /** Notices, banners, promotions, help pages. */
  'content.edit',
  /** Maintenance, region blocks, feature switches, brand config. */
  'site.switches',
  /** Change the brand settings players see (site name, languages, currency symbol; decision 040). */
  'brand.edit',
  'agent.read',
  /** Re-run a settled period of agent contracts (only differences are paid, once). */
  'agent.settle',
  /** Read the players' feedback and mark it handled with a reply (decision 051). */
  'feedback.handle',
  /** Remove chat-room messages, mute players in the chat room and manage its groups (decision 054). */
  'chat.moderate',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

export const staffRoles = ['admin', 'finance', 'support', 'risk', 'content', 'read-only'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * What each role may do. An admin may do everything; the others get what their desk needs and
 * nothing more (a support agent looks players up and locks them, but moves no money).
 */
export const rolePermissions: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  admin: staffPermissions,
  finance: [
    'dashboard.read',
    'report.read',
    'player.read',
    'player.adjust',
    'deposit.approve',
    'withdrawal.approve',
    'points.approve',
    'agent.read',
    'agent.settle',
  ],
  support: ['dashboard.read', 'player.read', 'player.lock', 'feedback.handle', 'chat.moderate'],
  risk: [
    'dashboard.read',
    'report.read',
    'player.read',
    'player.lock',
    'player.limits',
    'agent.read',
    'audit.read',
  ],
  content: ['dashboard.read', 'content.edit', 'game.manage'],
  'read-only': ['dashboard.read', 'report.read', 'player.read', 'agent.read'],
};

/** The one permission check: may a member of staff with this role do this? */
export function can(role: StaffRole, permission: StaffPermission): boolean {
  return rolePermissions[role]?.includes(permission) ?? false;
}
