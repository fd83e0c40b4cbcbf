import { describe, expect, it } from 'vitest';
import { cdnImage, cdnPath, configureHosts, imageHost, launchHost } from './image-host.ts';

describe('CDN hosts', () => {
  it('SY-22 image and launch hosts are picked at random from the server lists, once per page', () => {
    configureHosts({
      imageCDNs: ['/cdn/img1', '/cdn/img2', '/cdn/img3'],
      launchGameCDNs: ['https://l1.example', 'https://l2.example'],
    });
    expect(imageHost(() => 0.99)).toBe('/cdn/img3');
    // The pick sticks for the page's life: the same image keeps one URL for the browser cache.
    expect(imageHost(() => 0)).toBe('/cdn/img3');
    expect(launchHost(() => 0.2)).toBe('https://l1.example');

    configureHosts({ imageCDNs: ['/cdn/img7', '/cdn/img8'], launchGameCDNs: ['https://l2.example'] });
    expect(imageHost(() => 0.6)).toBe('/cdn/img8');
    expect(launchHost(() => 0.9)).toBe('https://l2.example');
  });

  it('SY-22 every picked host is one of the list (many draws)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      configureHosts({ imageCDNs: ['/cdn/a'], launchGameCDNs: ['/cdn/l'] });
      configureHosts({ imageCDNs: ['/cdn/img1', '/cdn/img2'], launchGameCDNs: ['/cdn/l'] });
      seen.add(imageHost());
    }
    expect([...seen].every((h) => h === '/cdn/img1' || h === '/cdn/img2')).toBe(true);
  });

  it('paths under TCG_PROD_IMAGES and URLs of a listed host use the picked host', () => {
    configureHosts({ imageCDNs: ['/cdn/other'], launchGameCDNs: ['/cdn/launch1'] });
    configureHosts({ imageCDNs: ['/cdn/img1', '/cdn/img2'], launchGameCDNs: ['/cdn/launch1'] });
    const host = imageHost(() => 0.7);
    expect(host).toBe('/cdn/img2');
    expect(cdnPath('BROWSER/chrome.png')).toBe('/cdn/img2/TCG_PROD_IMAGES/BROWSER/chrome.png');
    expect(cdnImage('/cdn/img1/TCG_PROD_IMAGES/LOGO/logo.png')).toBe(
      '/cdn/img2/TCG_PROD_IMAGES/LOGO/logo.png',
    );
    expect(cdnImage('TCG_PROD_IMAGES/BANNER/a.png')).toBe('/cdn/img2/TCG_PROD_IMAGES/BANNER/a.png');
    expect(cdnImage('https://elsewhere.example/x.png')).toBe('https://elsewhere.example/x.png');
    expect(cdnImage('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
