import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_RETRY_DELAYS_MS, loadCatalogue } from './i18n.ts';

const realFetch = globalThis.fetch;

/** A fetch that gives each answer in turn: a status, or 'offline' for a request that never got one. */
function answering(...answers: (number | 'offline')[]) {
  const calls: string[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const answer = answers[calls.length - 1] ?? 'offline';
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(answer === 200 ? JSON.stringify({ key: 'loaded' }) : 'no', { status: answer });
  }) as typeof fetch;
  return calls;
}

describe('loading a catalogue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    globalThis.fetch = realFetch;
  });

  it('tries a fetch that got no answer or a server error again after each wait, then has the strings', async () => {
    expect(CATALOGUE_RETRY_DELAYS_MS).toEqual([1000, 3000]);
    const calls = answering('offline', 503, 200);
    let strings: Record<string, string> | undefined;
    void loadCatalogue('th', 'games').then((s) => (strings = s));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2999);
    expect([calls.length, strings]).toEqual([2, undefined]);
    await vi.advanceTimersByTimeAsync(1);
    expect(strings).toEqual({ key: 'loaded' });
    expect(new Set(calls).size).toBe(1);
    expect(calls[0]).toMatch(/games.*\/th\.json$/);
  });

  it('gives up after the last retry, and the next one who asks fetches again', async () => {
    const calls = answering('offline', 'offline', 'offline', 200);
    const first = loadCatalogue('vi', 'games');
    const failed = expect(first).rejects.toThrow('Failed to fetch');
    await vi.advanceTimersByTimeAsync(4000);
    await failed;
    expect(calls).toHaveLength(3);
    await expect(loadCatalogue('vi', 'games')).resolves.toEqual({ key: 'loaded' });
    expect(calls).toHaveLength(4);
  });

  it('reads English when the server has no file of the language (a namespace declared untranslated), without retrying it', async () => {
    const calls = answering(404, 200);
    await expect(loadCatalogue('ja', 'games')).resolves.toEqual({ key: 'loaded' });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/games.*\/ja\.json$/);
    expect(calls[1]).toMatch(/games.*\/en\.json$/);
  });

  it('an English file the server does not have stays an error', async () => {
    const calls = answering(404, 200);
    await expect(loadCatalogue('en', 'house')).rejects.toThrow('answered 404');
    expect(calls).toHaveLength(1);
  });
});
