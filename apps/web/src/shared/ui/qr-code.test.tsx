import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';

/**
 * The invitation QR codes are the server's images (decision 060, session 35): the page asks the
 * site's own origin for the code's SVG (`modules/cdn/invite-qr.ts` answers that path) and names it.
 */
describe('QrCode', () => {
  it('is an image of the code’s QR on the site’s own origin, at the size asked, named for screen readers', () => {
    render(
      <>
        <QrCode kind="REFERRAL" code="ab12cd34" size={152} label="QR code of your invitation link" />
        <QrCode kind="LINK" code="k3y4x9q2w8e7" label="QR code of link k3y4x9q2w8e7" />
      </>,
    );
    const referral = screen.getByRole('img', { name: 'QR code of your invitation link' });
    expect(referral.getAttribute('src')).toBe('/cdn/img1/TCG_PROD_IMAGES/INVITE_QR/REFERRAL/ab12cd34.svg');
    expect([referral.getAttribute('width'), referral.getAttribute('height')]).toEqual(['152', '152']);
    const link = screen.getByRole('img', { name: 'QR code of link k3y4x9q2w8e7' });
    expect(link.getAttribute('src')).toBe('/cdn/img1/TCG_PROD_IMAGES/INVITE_QR/LINK/k3y4x9q2w8e7.svg');
    expect(link.getAttribute('width')).toBe('180');
  });
});
