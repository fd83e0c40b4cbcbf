import type { backoffice } from '@app/contract';

/**
 * What the approval screens show and offer, from an item's state, its four-eyes record and the
 * signed-in person's permissions. Pure: the screens render it, the unit tests pin it. The server
 * is the judge of every action anyway; this only keeps buttons that would be refused off the page.
 */

export type QueueKind = 'deposits' | 'withdrawals';

export type ApprovalAction = 'approve' | 'reject' | 'pay' | 'refund' | 'dismiss';

type Item = { status: string; approvals: backoffice.ApprovalState };

/** The item's four-eyes state in one line: "Needs 2 · approved by Ann · you approved". */
export function fourEyesText(state: backoffice.ApprovalState): string {
  const parts: string[] = [];
  if (state.required > 1) parts.push(`Needs ${state.required}`);
  if (state.votes.length) parts.push(`approved by ${state.votes.map((v) => v.name).join(', ')}`);
  if (state.approvedByYou) parts.push('you approved');
  if (!parts.length) return 'Needs 1';
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Approvals still missing on a pending item (0 once decided). */
export const approvalsMissing = (state: backoffice.ApprovalState): number =>
  Math.max(0, state.required - state.votes.length);

/** The actions the item's state and the person's permissions allow, in the order the page shows them. */
export function actionsFor(
  kind: QueueKind,
  item: Item,
  permissions: readonly backoffice.StaffPermission[],
): ApprovalAction[] {
  const needed: backoffice.StaffPermission = kind === 'deposits' ? 'deposit.approve' : 'withdrawal.approve';
  if (!permissions.includes(needed)) return [];
  const out: ApprovalAction[] = [];
  if (item.status === 'PENDING') {
    // A second vote by the same person is refused by the server: the button would only fail.
    if (!item.approvals.approvedByYou) out.push('approve');
    out.push('reject');
  }
  if (kind === 'withdrawals') {
    // Approved but not paid yet: it is paid (the bank transfer made), or still refused.
    if (item.status === 'APPROVED') out.push('pay', 'reject');
    // A payout the member disputes: the missing money returns, or the finding closes it.
    if (item.status === 'NOT_RECEIVED' || item.status === 'PARTLY_RECEIVED') out.push('refund', 'dismiss');
  }
  return out;
}

/** Status words as the desk says them. */
export const STATUS_LABEL: Record<string, string> = {
  PENDING: 'Pending',
  SUCCESS: 'Credited',
  REJECTED: 'Rejected',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  APPROVED: 'Approved, to pay',
  PAID: 'Paid',
  RECEIVED: 'Received',
  PARTLY_RECEIVED: 'Partly received',
  NOT_RECEIVED: 'Not received',
  REFUNDED: 'Refunded',
};

export const statusTone = (status: string): 'ok' | 'warn' | 'off' =>
  ['SUCCESS', 'PAID', 'RECEIVED', 'REFUNDED'].includes(status)
    ? 'ok'
    : ['PENDING', 'APPROVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'].includes(status)
      ? 'warn'
      : 'off';

/**
 * A refusal in the desk's words: the four-eyes rule and an item someone else decided meanwhile
 * get a sentence that says what to do; anything else is the server's own message.
 */
export function refusalText(err: unknown): string {
  const code = (err as { code?: string } | null)?.code ?? '';
  const message = err instanceof Error ? err.message : 'The request failed';
  if (code === 'bo.approval.same.approver')
    return 'You have already approved this item. Four eyes: a second, different person must approve it.';
  if (code === 'deposit.not.pending' || code === 'withdraw.status.conflict')
    return `This item has already been decided (by someone else meanwhile?): the page now shows where it stands. ${message}`;
  if (code === 'bo.permission.denied') return `Your role may not do this. ${message}`;
  return message;
}

/** Money as the desk reads it: the brand's currency, its precision, thousands grouped. */
export const money = (amount: number, currency: string, precision = 2): string =>
  `${amount.toLocaleString('en-GB', { minimumFractionDigits: precision, maximumFractionDigits: precision })} ${currency}`;
