import { describe, expect, it } from 'vitest';
import { getBrandConfig } from '@app/contract';
import { expectRefsMatchContract } from '../../test/call-refs.ts';
import * as refs from './calls.ts';

describe('call refs', () => {
  it('SY-24 every ref the shell uses matches its contract declaration', () => {
    expect(expectRefsMatchContract(refs, [getBrandConfig])).toBeGreaterThan(5);
  });
});
