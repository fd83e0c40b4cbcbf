import { backoffice } from '@app/contract';

/**
 * The rules of the Site page's registration fields and customer-service links, and of a player's
 * bonuses (decisions 041 and 052), kept apart from the components so they are tested alone. The
 * server checks each again; these keep a form from offering what it would refuse.
 */

type Field = backoffice.SiteRegisterFields['list'][number];
export type FieldDraft = { field: backoffice.EditableRegisterField; enabled: boolean; required: boolean };

/** Each registration field in the words of the form the player sees. */
export const REGISTER_FIELD_LABEL: Record<string, string> = {
  username: 'Username',
  password: 'Password',
  mobileNum: 'Mobile number',
  email: 'E-mail',
  payeeName: 'Real name (payee)',
  paymentPassword: 'Payment password',
  qqNum: 'QQ',
  line: 'LINE',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  wechat: 'WeChat',
  idNumber: 'ID number',
  recommenderId: 'Recommender',
  affiliateCode: 'Agent invitation code',
  referralCode: 'Friend referral code',
  captcha: 'Image captcha',
  verificationCode: 'SMS code',
};

/** Why a field that staff do not set is as it is. */
export const FIXED_FIELD_NOTE: Record<string, string> = {
  username: 'always on the username tab',
  password: 'always (on the mobile tab with MOBILENUMPASSREG3)',
  captcha: 'follows the switch CAPTCHA3',
  verificationCode: 'follows the mobile-register switches',
};

export function fieldState(f: { enabled: boolean; required: boolean }): string {
  return !f.enabled ? 'Hidden' : f.required ? 'Shown, required' : 'Shown, optional';
}

/** The editable fields as a draft the form changes. */
export function draftOf(list: readonly Field[]): FieldDraft[] {
  const editable = new Set<string>(backoffice.editableRegisterFields);
  return list
    .filter((f) => editable.has(f.field))
    .map((f) => ({
      field: f.field as backoffice.EditableRegisterField,
      enabled: f.enabled,
      required: f.required,
    }));
}

/** Sets one field in the draft: hiding a field also stops requiring it; requiring one shows it. */
export function setField(
  draft: readonly FieldDraft[],
  field: string,
  change: { enabled?: boolean; required?: boolean },
): FieldDraft[] {
  return draft.map((f) => {
    if (f.field !== field) return f;
    const next = { ...f, ...change };
    if (change.enabled === false) next.required = false;
    if (change.required === true) next.enabled = true;
    return next;
  });
}

/** The fields whose state differs from what is stored, as the review lists them (now → after). */
export function fieldChanges(list: readonly Field[], draft: readonly FieldDraft[]) {
  return draft.flatMap((d) => {
    const now = list.find((f) => f.field === d.field);
    if (!now || (now.enabled === d.enabled && now.required === d.required)) return [];
    return [{ field: d.field, now: fieldState(now), after: fieldState(d) }];
  });
}

export type LinkDraft = { csType: number; name: string; path: string };

/** The customer-service types staff set (4, the VIP service, is the VIP settings'). */
export const SERVICE_TYPE_LABEL: Record<number, string> = {
  1: 'Live chat',
  2: 'Other channel',
  3: 'Customer-service popup',
  4: 'VIP service (VIP settings)',
};

/** What is wrong with a link (the contract's rule), or null. */
export function linkProblem(l: LinkDraft): string | null {
  const parsed = backoffice.ServiceLinkSchema.safeParse(l);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const where = String(issue.path[0] ?? '');
  if (where === 'path') return 'The address is an https:// address or a path of this site (/help…)';
  if (where === 'name') return 'A name of 1 to 60 characters';
  return issue.message;
}

/** The first link's problem in the list, or null. */
export function linksProblem(links: readonly LinkDraft[]): string | null {
  for (const [i, l] of links.entries()) {
    const p = linkProblem(l);
    if (p) return `Link ${i + 1}: ${p}`;
  }
  return null;
}

/** Without a type-3 link the player's customer-service popup has no address to open. */
export function popupMissing(links: readonly LinkDraft[]): boolean {
  return !links.some((l) => l.csType === 3);
}

export function sameLinks(a: readonly LinkDraft[], b: readonly LinkDraft[]): boolean {
  const key = (l: LinkDraft) => `${l.csType}\u0000${l.name.trim()}\u0000${l.path.trim()}`;
  return a.length === b.length && a.every((l, i) => key(l) === key(b[i]!));
}

/** A grant's status in the desk's words: released is the player's cash now. */
export const BONUS_STATUS: Record<string, { label: string; tone: string }> = {
  ACTIVE: { label: 'Active (being wagered)', tone: 'warn' },
  COMPLETED: { label: 'Released', tone: 'ok' },
  FORFEITED: { label: 'Forfeited', tone: 'off' },
  EXPIRED: { label: 'Expired', tone: 'off' },
};

/** Who ended a grant, in words. */
export function endedByText(by: string | null): string {
  if (!by) return '';
  if (by.startsWith('staff:')) return `by ${by.slice(6)} (staff)`;
  if (by.startsWith('operator:')) return `by ${by.slice(9)} (operator CLI)`;
  return (
    {
      member: 'by the player',
      withdrawal: 'by a withdrawal',
      wagering: 'wagering met',
      expiry: 'expired',
    }[by] ?? by
  );
}

/** A staff member may forfeit only a grant being wagered, with player.adjust. */
export function canForfeit(permissions: readonly string[], grant: { status: string } | null): boolean {
  return grant?.status === 'ACTIVE' && permissions.includes('player.adjust');
}
