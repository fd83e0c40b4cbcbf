/**
 * The QR code of a member's invitation (`REFERRAL`) or an agent's registration link (`LINK`): an
 * SVG the server draws for the code (decision 060, session 35). A module of its own, not one of
 * `imagePaths`: the constants ship in the web's entry chunk (the country picker reads them), this
 * only with the two pages that show a QR code.
 */
export type InviteQrKind = 'REFERRAL' | 'LINK';

export const inviteQrImage = (imgUrl: string, kind: InviteQrKind, code: string): string =>
  `${imgUrl}/TCG_PROD_IMAGES/INVITE_QR/${kind}/${code}.svg`;
