import { describe, expect, it } from 'vitest';
import type { backoffice } from '@app/contract';
import {
  canForfeit,
  draftOf,
  endedByText,
  fieldChanges,
  linkProblem,
  linksProblem,
  popupMissing,
  sameLinks,
  setField,
} from './site-settings-rules.ts';

type Field = backoffice.SiteRegisterFields['list'][number];
const field = (name: string, enabled: boolean, required: boolean, editable = true): Field => ({
  field: name,
  enabled,
  required,
  minLength: 1,
  maxLength: 20,
  patternId: 1,
  editable,
});
const stored = [
  field('username', true, true, false),
  field('email', true, false),
  field('qqNum', false, false),
  field('line', true, true),
];

describe('registration fields: the draft, its rules and its review', () => {
  it('drafts only the fields staff set', () => {
    expect(draftOf(stored).map((f) => f.field)).toEqual(['email', 'qqNum', 'line']);
  });

  it('requiring a hidden field shows it; hiding a required field stops requiring it', () => {
    let d = draftOf(stored);
    d = setField(d, 'qqNum', { required: true });
    expect(d.find((f) => f.field === 'qqNum')).toEqual({ field: 'qqNum', enabled: true, required: true });
    d = setField(d, 'line', { enabled: false });
    expect(d.find((f) => f.field === 'line')).toEqual({ field: 'line', enabled: false, required: false });
  });

  it('the review lists what changes, now and after, and nothing else', () => {
    let d = draftOf(stored);
    expect(fieldChanges(stored, d)).toEqual([]);
    d = setField(d, 'qqNum', { enabled: true });
    d = setField(d, 'email', { required: true });
    expect(fieldChanges(stored, d)).toEqual([
      { field: 'email', now: 'Shown, optional', after: 'Shown, required' },
      { field: 'qqNum', now: 'Hidden', after: 'Shown, optional' },
    ]);
    // Back as it was: no change.
    d = setField(setField(d, 'qqNum', { enabled: false }), 'email', { required: false });
    expect(fieldChanges(stored, d)).toEqual([]);
  });
});

describe('customer-service links', () => {
  it('takes https addresses and paths of this site, and refuses the rest', () => {
    expect(linkProblem({ csType: 3, name: 'Chat', path: 'https://chat.example/x' })).toBeNull();
    expect(linkProblem({ csType: 1, name: 'Help', path: '/help?topic=contact' })).toBeNull();
    for (const path of ['http://chat.example', 'javascript:alert(1)', '//evil.example', 'chat.example', ''])
      expect(linkProblem({ csType: 3, name: 'Chat', path }), path).toMatch(/https/);
    expect(linkProblem({ csType: 3, name: ' ', path: '/help' })).toMatch(/name/);
    expect(linkProblem({ csType: 4, name: 'VIP', path: '/vip' })).not.toBeNull();
    expect(
      linksProblem([
        { csType: 1, name: 'A', path: '/a' },
        { csType: 2, name: 'B', path: 'ftp://b' },
      ]),
    ).toMatch(/^Link 2: /);
  });

  it('notices a list without the popup’s address, and compares lists as the server stores them', () => {
    expect(popupMissing([{ csType: 1, name: 'A', path: '/a' }])).toBe(true);
    expect(popupMissing([{ csType: 3, name: 'A', path: '/a' }])).toBe(false);
    expect(sameLinks([{ csType: 1, name: ' A ', path: '/a' }], [{ csType: 1, name: 'A', path: '/a' }])).toBe(
      true,
    );
    expect(sameLinks([{ csType: 1, name: 'A', path: '/a' }], [{ csType: 2, name: 'A', path: '/a' }])).toBe(
      false,
    );
  });
});

describe('a player’s bonuses', () => {
  it('offers the forfeit only on a bonus being wagered, to a role with player.adjust', () => {
    expect(canForfeit(['player.read', 'player.adjust'], { status: 'ACTIVE' })).toBe(true);
    expect(canForfeit(['player.read', 'player.lock'], { status: 'ACTIVE' })).toBe(false);
    expect(canForfeit(['player.adjust'], { status: 'COMPLETED' })).toBe(false);
    expect(canForfeit(['player.adjust'], null)).toBe(false);
  });

  it('says who ended a bonus', () => {
    expect(endedByText('staff:ann')).toBe('by ann (staff)');
    expect(endedByText('operator:root')).toBe('by root (operator CLI)');
    expect(endedByText('wagering')).toBe('wagering met');
    expect(endedByText('member')).toBe('by the player');
    expect(endedByText(null)).toBe('');
  });
});
