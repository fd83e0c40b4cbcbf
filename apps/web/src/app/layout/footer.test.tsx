import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpCentre, renderShell, setupShell, stubFetch, systemStatus } from '../../test/shell-harness.tsx';
import { Footer } from './footer.tsx';

describe('footer', () => {
  beforeAll(() => setupShell());

  it('SH-29 shows partner logos, the suggested browsers chrome, firefox and ie, and payment methods', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus(), '/wps/system/helpCenter': () => helpCentre });
    renderShell(<Footer />);
    const partners = await screen.findByTestId('footer-partners');
    expect(within(partners).getByRole('img', { name: 'Evolution' })).toHaveAttribute(
      'src',
      '/cdn/img1/TCG_PROD_IMAGES/PARTNER/N2/EVO.png',
    );
    const browsers = screen.getByTestId('footer-browsers');
    expect(
      within(browsers)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual([
      '/cdn/img1/TCG_PROD_IMAGES/BROWSER/chrome.png',
      '/cdn/img1/TCG_PROD_IMAGES/BROWSER/firefox.png',
      '/cdn/img1/TCG_PROD_IMAGES/BROWSER/ie.png',
    ]);
    expect(
      within(screen.getByTestId('footer-payments')).getByRole('img', { name: 'Visa' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'About Lucky Lotus' })).toHaveAttribute(
      'href',
      '/help?topic=about',
    );
  });

  it('SH-30 the footer logo goes to /', async () => {
    stubFetch({ '/wps/system/status': () => systemStatus(), '/wps/system/helpCenter': () => helpCentre });
    const { router } = renderShell(<Footer />, { path: '/promotions' });
    await screen.findByTestId('footer-partners');
    fireEvent.click(screen.getByTestId('footer-logo'));
    expect(router.state.location.pathname).toBe('/');
  });
});
