import { describe, expect, it } from 'vitest';
import { checkGameUrl } from './game-url.ts';

const origin = 'https://lucky.example';

describe('game frame address', () => {
  it('SH-20 frames our own origin and configured launch CDNs', () => {
    expect(checkGameUrl('/cdn/launch1/game?id=1', origin, ['/cdn/launch1'])).toEqual({
      ok: true,
      url: 'https://lucky.example/cdn/launch1/game?id=1',
    });
    expect(
      checkGameUrl('https://games.example.net/launch/slot?t=1', origin, ['https://games.example.net/launch']),
    ).toEqual({
      ok: true,
      url: 'https://games.example.net/launch/slot?t=1',
    });
  });

  it('ER-21 anything else fails the domain check', () => {
    for (const bad of [
      'https://evil.example/phish',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'https://games.example.net.evil.example/launch',
      'https://games.example.net/other',
    ]) {
      expect(checkGameUrl(bad, origin, ['https://games.example.net/launch']), bad).toEqual({ ok: false });
    }
  });
});
