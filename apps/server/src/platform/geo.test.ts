import { describe, expect, it } from 'vitest';
import { countryOf, rememberedAddresses } from './geo.ts';

describe('country of an address', () => {
  it('answers the same country from the lookup and from the addresses seen lately', () => {
    const first = countryOf('8.8.8.8');
    expect(first).toBe('US');
    expect(countryOf('8.8.8.8')).toBe(first);
    expect(countryOf('127.0.0.1')).toBe('');
    expect(countryOf('127.0.0.1')).toBe('');
    expect(countryOf('')).toBe('');
  });

  it('remembers a bounded number of addresses, however many distinct ones call', () => {
    for (let i = 0; i < 12_000; i++) countryOf(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(rememberedAddresses()).toBe(10_000);
    // Still right after the oldest were forgotten.
    expect(countryOf('8.8.8.8')).toBe('US');
  });
});
