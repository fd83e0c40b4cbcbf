/**
 * The QR codes of the invitation links (the referral page's, the agent centre's registration
 * links), drawn here instead of in the browser (decision 060, session 35): the page shows
 * `<img src=".../TCG_PROD_IMAGES/INVITE_QR/<kind>/<code>.svg">`.
 *
 * The path names a code, never a link: the server writes the address as the page's own call
 * does (`referralLink`, `AgentRegisterService.linkUrl`), so the image can only ever say "this
 * site's registration, with this code", and is no open QR service for any text (a phishing
 * address under the site's lotus). No code is looked up: whether it exists is not told, and the
 * image says nothing its URL does not. The drawing is a string (no raster, no database write), the
 * code at most 32 characters, the answer kept in the CDN's bounded cache.
 */

import type { InviteQrKind } from '@app/contract';

export interface InviteQrRequest {
  kind: InviteQrKind;
  code: string;
}

/**
 * Invitation and link codes: letters and digits (the server draws them lower-case, referral 8 and
 * links 12; the registration reads them in any case, so the image does too).
 */
const INVITE_QR = /^INVITE_QR\/(REFERRAL|LINK)\/([A-Za-z0-9]{4,32})\.svg$/;

/** True when a path under TCG_PROD_IMAGES/ is in the invitation QR folder (then only `parseInviteQr` answers it). */
export function isInviteQrPath(path: string): boolean {
  return path.startsWith('INVITE_QR/');
}

/** `INVITE_QR/<REFERRAL|LINK>/<code>.svg`, or null for anything else. */
export function parseInviteQr(path: string): InviteQrRequest | null {
  const m = INVITE_QR.exec(path);
  return m ? { kind: m[1] as InviteQrKind, code: m[2]! } : null;
}
