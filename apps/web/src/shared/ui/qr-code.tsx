import { inviteQrImage, type InviteQrKind } from '@app/contract';
import { OWN_IMAGE_HOST } from '../cdn/image-host.ts';

/**
 * The QR code of an invitation: the referral page's link (`REFERRAL`, the member's code) and the
 * agents' registration links (`LINK`, the link's code). The server draws it (an SVG of the site's
 * own link for the code, `modules/cdn/invite-qr.ts`), so no QR library is in the player's JS
 * (decision 060, session 35); `label` names it for screen readers.
 *
 * Always asked of the site's own origin, never of a listed image host: the server writes the
 * link's address from the host it is asked on, as the page's own call does.
 */
export function QrCode({
  kind,
  code,
  size = 180,
  label,
}: {
  kind: InviteQrKind;
  code: string;
  size?: number;
  label: string;
}) {
  return (
    <img
      src={inviteQrImage(OWN_IMAGE_HOST, kind, code)}
      width={size}
      height={size}
      alt={label}
      decoding="async"
      data-testid="agent-qr"
    />
  );
}
