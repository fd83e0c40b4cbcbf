import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fullChrome, type PageChrome, type RouteHandle } from './chrome.ts';
import { appRoutes } from './routes.tsx';

const routes = appRoutes();

function chromeOf(path: string): PageChrome & { matched: string } {
  const matches = matchRoutes(routes, path) ?? [];
  const last = matches[matches.length - 1]!;
  let chrome = fullChrome;
  for (const m of matches) {
    const c = (m.route.handle as RouteHandle | undefined)?.chrome;
    if (c) chrome = { ...fullChrome, ...c };
  }
  return { ...chrome, matched: last.route.path ?? (last.route.index ? '(index)' : '') };
}

const specPaths = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/register',
  '/register.html',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/sports',
  '/esports',
  '/lottery',
  '/vnlottery',
  '/seaLottery',
  '/elott',
  '/rng',
  '/bgs',
  '/bingo',
  '/live',
  '/fish',
  '/pvp',
  '/hot',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/help',
  '/helpmc',
  '/download',
  '/join',
  '/game',
  '/login',
];

describe('route table', () => {
  it('SH-01 every path of the spec route table is a route of its own (no fallback, no hash)', () => {
    for (const path of specPaths) {
      const { matched } = chromeOf(path);
      expect(matched, path).not.toBe('*');
      expect(path.includes('#')).toBe(false);
    }
    expect(chromeOf('/no/such/page').matched).toBe('*');
  });

  it('SH-05 SH-17 /vip has no header; /helpmc has neither header nor footer', () => {
    expect(chromeOf('/vip')).toMatchObject({ header: false, footer: true });
    expect(chromeOf('/helpmc')).toMatchObject({ header: false, footer: false });
  });

  it('SH-08 /lottery and its variants are header only: no notice bar, no footer (D3)', () => {
    for (const path of ['/lottery', '/vnlottery', '/seaLottery']) {
      expect(chromeOf(path), path).toMatchObject({ header: true, noticeBar: false, footer: false });
    }
  });

  it('SH-25 /seamless, /lottery, /vnlottery and /seaLottery (any case) show no balance', () => {
    for (const path of ['/seamless', '/lottery', '/vnlottery', '/seaLottery', '/sealottery']) {
      expect(chromeOf(path).showBalance, path).toBe(false);
    }
    for (const path of ['/', '/rng', '/promotions']) expect(chromeOf(path).showBalance, path).toBe(true);
  });

  it('the chat room leaves out the side bar’s floating button on phones only (decision 054)', () => {
    expect(chromeOf('/chatRoom')).toMatchObject({ sideBar: true, sideBarOnPhone: false, footer: true });
    for (const path of ['/', '/rng', '/promotions']) expect(chromeOf(path).sideBarOnPhone, path).toBe(true);
  });
});
