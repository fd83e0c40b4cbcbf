import { describe, expect, it } from 'vitest';
import {
  actionOfWireStatus,
  awaitsDownline,
  contractActions,
  contractKinds,
  isLive,
  paysInStatus,
  transition,
  type ContractAction,
  type ContractActor,
  type LineStatus,
} from '../index.ts';

const statuses: LineStatus[] = ['DEF', 'P', 'E', 'A', 'V', 'C', 'R'];
const actors: ContractActor[] = ['upline', 'downline', 'system'];

/** Every legal move, written out by hand from research §2.2–§2.4 (not read from the table). */
const legal: [LineStatus, ContractAction, ContractActor, LineStatus][] = [
  ['DEF', 'offer', 'upline', 'P'],
  ['R', 'offer', 'upline', 'P'],
  ['C', 'offer', 'upline', 'P'],
  ['P', 'modify', 'upline', 'P'],
  ['E', 'modify', 'upline', 'E'],
  ['A', 'modify', 'upline', 'E'],
  ['A', 'requestTermination', 'upline', 'V'],
  ['P', 'accept', 'downline', 'A'],
  ['E', 'accept', 'downline', 'A'],
  ['P', 'reject', 'downline', 'R'],
  ['E', 'reject', 'downline', 'R'],
  ['V', 'acceptTermination', 'downline', 'C'],
  ['V', 'rejectTermination', 'downline', 'A'],
  ['P', 'autoTerminate', 'system', 'C'],
  ['E', 'autoTerminate', 'system', 'C'],
  ['A', 'autoTerminate', 'system', 'C'],
  ['V', 'autoTerminate', 'system', 'C'],
];

describe('contract status machine', () => {
  it('every status × action × actor: the legal moves lead where the research says, every other is refused', () => {
    let refused = 0;
    for (const kind of contractKinds)
      for (const s of statuses)
        for (const a of contractActions)
          for (const who of actors) {
            const r = transition(s, a, who);
            const ok = legal.find(([fs, fa, fw]) => fs === s && fa === a && fw === who);
            if (ok)
              expect(r, `${kind} ${s} ${a} by ${who}`).toEqual({
                ok: true,
                next: ok[3],
                signs: a === 'accept',
              });
            else {
              expect(r.ok, `${kind} ${s} ${a} by ${who}`).toBe(false);
              refused++;
            }
          }
    // 7 statuses × 8 actions × 3 actors − 17 legal moves, for each of the four kinds.
    expect(refused).toBe(4 * (7 * 8 * 3 - legal.length));
  });

  it('AG-15 an upline offers a contract to a downline, who can accept or reject it', () => {
    const offered = transition('DEF', 'offer', 'upline');
    expect(offered).toMatchObject({ ok: true, next: 'P' });
    expect(awaitsDownline('P')).toBe(true);
    expect(transition('P', 'accept', 'downline')).toEqual({ ok: true, next: 'A', signs: true });
    expect(transition('P', 'reject', 'downline')).toEqual({ ok: true, next: 'R', signs: false });
    // Only the downline answers; only the upline offers.
    expect(transition('P', 'accept', 'upline')).toMatchObject({ ok: false, code: 'contract.actor.invalid' });
    expect(transition('DEF', 'offer', 'downline')).toMatchObject({
      ok: false,
      code: 'contract.actor.invalid',
    });
    // A rejected offer can be offered again; a signed one cannot be offered over.
    expect(transition('R', 'offer', 'upline')).toMatchObject({ ok: true, next: 'P' });
    expect(transition('A', 'offer', 'upline')).toMatchObject({ ok: false, code: 'contract.status.invalid' });
  });

  it('AG-16 an upline can request termination of a contract; the downline accepts (terminated) or rejects (kept)', () => {
    expect(transition('A', 'requestTermination', 'upline')).toMatchObject({ ok: true, next: 'V' });
    expect(transition('A', 'requestTermination', 'downline')).toMatchObject({
      ok: false,
      code: 'contract.actor.invalid',
    });
    expect(awaitsDownline('V')).toBe(true);
    expect(transition('V', 'acceptTermination', 'downline')).toMatchObject({ ok: true, next: 'C' });
    expect(transition('V', 'rejectTermination', 'downline')).toMatchObject({ ok: true, next: 'A' });
    // Nothing to terminate before it is signed, or after it ended.
    for (const s of ['DEF', 'P', 'E', 'V', 'C', 'R'] as const)
      expect(transition(s, 'requestTermination', 'upline').ok, s).toBe(false);
  });

  it('a contract pays while signed, terminating or modified-and-pending; the higher-rate rule ends only live ones', () => {
    expect(statuses.filter((s) => paysInStatus(s))).toEqual(['E', 'A', 'V']);
    expect(statuses.filter(isLive)).toEqual(['P', 'E', 'A', 'V']);
  });

  it('two answers to one request: whichever comes second is refused, so one outcome stands', () => {
    // Accept and an automatic termination of one offer, in both orders.
    for (const [first, firstBy, second, secondBy] of [
      ['accept', 'downline', 'reject', 'downline'],
      ['reject', 'downline', 'accept', 'downline'],
      ['acceptTermination', 'downline', 'rejectTermination', 'downline'],
    ] as const) {
      const from = first.endsWith('Termination') ? 'V' : 'P';
      const a = transition(from, first, firstBy);
      expect(a.ok).toBe(true);
      if (a.ok) expect(transition(a.next, second, secondBy).ok, `${first} then ${second}`).toBe(false);
    }
    // An automatic termination after an accept still ends it (the rule is checked on the new status).
    const accepted = transition('P', 'accept', 'downline');
    expect(accepted.ok && transition(accepted.next, 'autoTerminate', 'system')).toMatchObject({
      ok: true,
      next: 'C',
    });
    const ended = transition('P', 'autoTerminate', 'system');
    expect(ended.ok && transition(ended.next, 'accept', 'downline')).toMatchObject({ ok: false });
  });

  it("the relays' status codes map to the answers; the hourly salary answers the termination request itself", () => {
    for (const kind of ['dividend', 'dailySalary', 'realTimeSalary'] as const) {
      expect(actionOfWireStatus(kind, 'P', 'A')).toBe('accept');
      expect(actionOfWireStatus(kind, 'E', 'R')).toBe('reject');
      expect(actionOfWireStatus(kind, 'V', 'C')).toBe('acceptTermination');
      expect(actionOfWireStatus(kind, 'V', 'A')).toBe('rejectTermination');
      expect(actionOfWireStatus(kind, 'V', 'R')).toBeNull();
    }
    expect(actionOfWireStatus('hourlySalary', 'P', 'A')).toBe('accept');
    expect(actionOfWireStatus('hourlySalary', 'V', 'A')).toBe('acceptTermination');
    expect(actionOfWireStatus('hourlySalary', 'V', 'R')).toBe('rejectTermination');
    expect(actionOfWireStatus('hourlySalary', 'V', 'C')).toBeNull();
    expect(actionOfWireStatus('dividend', 'A', 'A')).toBeNull();
    expect(actionOfWireStatus('dividend', 'P', 'C')).toBeNull();
  });
});
