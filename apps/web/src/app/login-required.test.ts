import { describe, expect, it } from 'vitest';
import { loginRedirectTarget } from './login-required.ts';

const everyOtherPath = [
  '/',
  '/index',
  '/index.html',
  '/home',
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
  '/game',
  '/join',
  '/nowhere',
];

describe('login-required mode', () => {
  it('SH-22 without a token every other path goes to /login', () => {
    for (const path of everyOtherPath) expect(loginRedirectTarget(path, true, null), path).toBe('/login');
  });

  it('SH-23 /login, /register, /register.html, /helpmc and /download open without a token', () => {
    for (const path of [
      '/login',
      '/register',
      '/register.html',
      '/helpmc',
      '/download',
      '/helpMC',
      '/download/',
    ]) {
      expect(loginRedirectTarget(path, true, null), path).toBeNull();
    }
  });

  it('SH-24 nothing redirects when the mode is off or a token is held', () => {
    for (const path of everyOtherPath) {
      expect(loginRedirectTarget(path, false, null), path).toBeNull();
      expect(loginRedirectTarget(path, true, 'a-token'), path).toBeNull();
    }
  });
});
