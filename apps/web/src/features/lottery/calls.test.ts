import { describe, expect, it } from 'vitest';
import { expectRefsMatchContract } from '../../test/call-refs.ts';
import * as refs from './calls.ts';

describe('lottery call refs', () => {
  it('each ref the lottery uses matches its contract declaration', () => {
    expect(expectRefsMatchContract(refs)).toBe(19);
  });
});
