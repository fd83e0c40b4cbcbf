import { describe, expect, it } from 'vitest';
import type { backoffice } from '@app/contract';
import { queueQueryOf } from '../api/data-provider.ts';
import { guessSearchKey, searchPrefix } from '../api/player-search.ts';
import { BoError } from '../api/client.ts';
import { actionsFor, fourEyesText, refusalText } from './approval-rules.ts';

const vote = (name: string): backoffice.ApprovalVote => ({
  actorKind: 'staff',
  staffId: 1,
  name,
  at: 0,
  note: '',
});
const state = (required: number, names: string[], approvedByYou = false): backoffice.ApprovalState => ({
  required,
  votes: names.map(vote),
  approvedByYou,
});
const FIN: backoffice.StaffPermission[] = ['deposit.approve', 'withdrawal.approve'];

describe('approval screens: four eyes, actions, refusals', () => {
  it('says where an item stands with its approvals', () => {
    expect(fourEyesText(state(1, []))).toBe('Needs 1');
    expect(fourEyesText(state(2, []))).toBe('Needs 2');
    expect(fourEyesText(state(2, ['Ann']))).toBe('Needs 2 · approved by Ann');
    expect(fourEyesText(state(2, ['Ann'], true))).toBe('Needs 2 · approved by Ann · you approved');
    expect(fourEyesText(state(1, ['Bob']))).toBe('Approved by Bob');
  });

  it('offers the actions the state and the permission allow, never a second vote by the same person', () => {
    expect(actionsFor('deposits', { status: 'PENDING', approvals: state(1, []) }, FIN)).toEqual([
      'approve',
      'reject',
    ]);
    expect(actionsFor('deposits', { status: 'PENDING', approvals: state(2, ['Me'], true) }, FIN)).toEqual([
      'reject',
    ]);
    expect(actionsFor('deposits', { status: 'SUCCESS', approvals: state(1, ['Me']) }, FIN)).toEqual([]);
    expect(
      actionsFor('deposits', { status: 'PENDING', approvals: state(1, []) }, ['withdrawal.approve']),
    ).toEqual([]);
    expect(actionsFor('withdrawals', { status: 'APPROVED', approvals: state(1, ['X']) }, FIN)).toEqual([
      'pay',
      'reject',
    ]);
    expect(actionsFor('withdrawals', { status: 'NOT_RECEIVED', approvals: state(1, ['X']) }, FIN)).toEqual([
      'refund',
      'dismiss',
    ]);
    expect(actionsFor('withdrawals', { status: 'PAID', approvals: state(1, ['X']) }, FIN)).toEqual([]);
    expect(
      actionsFor('withdrawals', { status: 'PENDING', approvals: state(1, []) }, ['deposit.approve']),
    ).toEqual([]);
  });

  it('words the server’s refusals so the desk knows what to do', () => {
    expect(refusalText(new BoError('bo.approval.same.approver', 409, 'x'))).toMatch(
      /already approved.*second, different person/,
    );
    expect(refusalText(new BoError('deposit.not.pending', 409, 'Not pending'))).toMatch(
      /already been decided.*Not pending$/,
    );
    expect(refusalText(new BoError('other', 400, 'Plain message'))).toBe('Plain message');
  });
});

describe('queue query from Refine filters and sorters', () => {
  it('maps every filter the call reads and only its sort fields', () => {
    expect(
      queueQueryOf(
        'deposits',
        [
          { field: 'status', operator: 'eq', value: 'ALL' },
          { field: 'username', operator: 'startswith', value: ' ann ' },
          { field: 'reference', operator: 'contains', value: 'REF' },
          { field: 'bankCode', operator: 'eq', value: 'BDO' },
          { field: 'amount', operator: 'gte', value: '100' },
          { field: 'amount', operator: 'lte', value: 500 },
          { field: 'createdAt', operator: 'gte', value: '2026-01-01T00:00:00Z' },
          { field: 'awaitingSecond', operator: 'eq', value: true },
        ],
        [{ field: 'amount', order: 'desc' }],
      ),
    ).toEqual({
      status: 'ALL',
      username: 'ann',
      reference: 'REF',
      amountMin: 100,
      amountMax: 500,
      from: Date.parse('2026-01-01T00:00:00Z'),
      awaitingSecond: 'true',
      sort: 'amount',
      order: 'desc',
    });
    expect(
      queueQueryOf(
        'withdrawals',
        [
          { field: 'status', operator: 'eq', value: 'OPEN' },
          { field: 'status', operator: 'eq', value: 'NOPE' },
          { field: 'bankCode', operator: 'eq', value: 'BDO' },
          { field: 'amount', operator: 'gte', value: 'abc' },
        ],
        [
          { field: 'username', order: 'asc' },
          { field: 'updatedAt', order: 'asc' },
        ],
      ),
    ).toEqual({ status: 'OPEN', bankCode: 'BDO', sort: 'updatedAt', order: 'asc' });
    expect(queueQueryOf('deposits', [{ field: 'status', operator: 'eq', value: 'OPEN' }], [])).toEqual({});
  });
});

describe('player search: one box, any key', () => {
  it('guesses the key from what was typed', () => {
    expect(guessSearchKey('ann.lee')).toBe('username');
    expect(guessSearchKey('ann@ex')).toBe('email');
    expect(guessSearchKey('192.168.')).toBe('ip');
    expect(guessSearchKey('10.0.0.1')).toBe('ip');
    expect(guessSearchKey('2001:db8:')).toBe('ip');
    expect(guessSearchKey('+63 912 345')).toBe('phone');
    expect(guessSearchKey('0912345')).toBe('phone');
    expect(guessSearchKey('1234 5678 90')).toBe('bank');
  });
  it('sends phones and accounts as digits, a phone without its dialing code', () => {
    expect(searchPrefix('phone', '+63 912-345')).toBe('912345');
    expect(searchPrefix('phone', '0912 345')).toBe('0912345');
    expect(searchPrefix('bank', '1234 5678 90')).toBe('1234567890');
    expect(searchPrefix('username', ' Ann ')).toBe('Ann');
  });
});
