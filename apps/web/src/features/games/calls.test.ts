import { describe, expect, it } from 'vitest';
import { expectRefsMatchContract } from '../../test/call-refs.ts';
import * as refs from './calls.ts';

describe('games call refs', () => {
  it('each ref the games feature uses matches its contract declaration', () => {
    expect(expectRefsMatchContract(refs)).toBe(10);
  });
});
