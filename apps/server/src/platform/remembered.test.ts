import { describe, expect, it } from 'vitest';
import { RememberedLast } from './remembered.ts';

describe('values kept for the last keys', () => {
  it('makes a value once per key while it is kept, and forgets the oldest key past the bound', () => {
    const made: string[] = [];
    const kept = new RememberedLast<string, string>(2);
    const upper = (key: string) => {
      made.push(key);
      return key.toUpperCase();
    };
    expect(kept.get('a', upper)).toBe('A');
    expect(kept.get('a', upper)).toBe('A');
    expect(kept.get('b', upper)).toBe('B');
    expect(kept.get('c', upper)).toBe('C');
    expect(kept.size).toBe(2);
    // 'a' was the oldest: made again; 'c' is still kept.
    expect(kept.get('a', upper)).toBe('A');
    expect(kept.get('c', upper)).toBe('C');
    expect(made).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps falsy values such as an empty string', () => {
    let calls = 0;
    const kept = new RememberedLast<string, string>(4);
    const none = () => {
      calls++;
      return '';
    };
    expect(kept.get('127.0.0.1', none)).toBe('');
    expect(kept.get('127.0.0.1', none)).toBe('');
    expect(calls).toBe(1);
  });
});
