import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOffer, contractKinds, type ContractKind, type ContractTerms } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { demoContracts } from '../../seed/demo-agents.ts';
import { agentCall } from './team-test-kit.ts';

/**
 * Agent contracts' store and offer/answer flow (issue 30, decision 030 "Server") on PGlite and
 * (server-postgres project) PostgreSQL, through the calls: every transition of every kind, the
 * higher-rate rule, the caps, races, per-record access, bad input and the consolidated keys.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const RACE_TIMEOUT = 300_000;
/** Calls started together: on PostgreSQL each runs on its own connection. */
const race = <T>(calls: (() => Promise<T>)[]) => Promise.all(calls.map((call) => call()));

/** Terms of a kind on one line per kind, with `rate` as its (single tier's) rate. */
function terms(kind: ContractKind, rate: number): ContractTerms {
  switch (kind) {
    case 'dividend':
      return {
        kind,
        productType: 'CONS',
        computationPeriod: 'M',
        resetFrequency: 1,
        periodicTotalBetRequired: 'N',
        tiers: [
          { minimumBet: 100_000, netLoss: 50_000, activeMember: 1, periodicTotalBet: 0, contractRate: rate },
        ],
      };
    case 'dailySalary':
      return {
        kind,
        productType: 'LOTT',
        tiers: [{ betVolume: 100_000, activeMember: 1, rateType: 'P', rate }],
      };
    case 'hourlySalary':
      return {
        kind,
        productType: 'LOTT',
        frequency: 'H',
        unitValue: null,
        tiers: [{ minimumBet: 50_000, activeMember: 1, rateType: 'P', rate }],
      };
    case 'realTimeSalary':
      return { kind, productType: 'LOTT', tiers: [{ betAmount: 1_000, lossRate: rate, winRate: rate }] };
  }
}
/** A rate of the kind's unit: dividends are whole percents. */
const r = (kind: ContractKind, n: number) => (kind === 'dividend' ? n * 100 : n);

interface Chain {
  top: TestMember;
  mid: TestMember;
  low: TestMember;
  player: TestMember;
}

let seq = 0;
/** A top agent holding every kind with the platform at rate 50, a mid agent under it, a low agent under that. */
async function chain(): Promise<Chain> {
  const prefix = `ct${seq++}`;
  const top = await memberWithMoney(t, 0, { agentType: 1, prefix });
  const mid = await memberWithMoney(t, 0, { agentType: 2, uplineId: top.memberId, prefix: `${prefix}m` });
  const low = await memberWithMoney(t, 0, { agentType: 2, uplineId: mid.memberId, prefix: `${prefix}l` });
  const player = await memberWithMoney(t, 0, { uplineId: top.memberId, prefix: `${prefix}p` });
  for (const kind of contractKinds)
    await t.app.ctx.agentContracts.writeContract(t.database.db, {
      uplineId: null,
      downlineId: top.memberId,
      terms: terms(kind, r(kind, 50)),
      status: 'A',
    });
  return { top, mid, low, player };
}

const post = (token: string, url: string, body: unknown) => agentCall(t, token, url, { body });
const offer = (token: string, downlineId: number, body: unknown) =>
  post(token, '/wps/agent/contracts/offer', { downlineId, terms: body });
const modify = (token: string, contractId: number, body: unknown, version?: number) =>
  post(token, '/wps/agent/contracts/modify', { contractId, terms: body, version });
const terminate = (token: string, contractId: number) =>
  post(token, '/wps/agent/contracts/terminate', { contractId });
const answer = (token: string, contractId: number, action: string, confirmHigherRate?: boolean) =>
  post(token, '/wps/agent/contracts/answer', { contractId, action, confirmHigherRate });
const consolidated = async (token: string) =>
  (await t.call({ url: '/wps/member/info/funds/consolidated', token })).json().value;
const list = async (token: string) => (await agentCall(t, token, '/wps/agent/contracts')).json().value;
const history = async (token: string, contractId: number) =>
  (await agentCall(t, token, '/wps/agent/contracts/history', { query: { contractId } })).json().value;

/** The modal's relay for a kind, answering `status` on contract `id` (the dividend by its line). */
function relay(kind: ContractKind, token: string, id: number, status: string, confirm?: 'Y') {
  switch (kind) {
    case 'dividend':
      return agentCall(t, token, '/wps/relay/MCSFE_processContractDividend', {
        query: { productType: 'CONS', computationPeriod: 'M', status, confirm },
      });
    case 'dailySalary':
      return agentCall(t, token, '/wps/relay/MCSFE_processDailySalaryContract', {
        query: { id, status, confirm },
      });
    case 'hourlySalary':
      return post(token, '/wps/relay/MCSFE_processContractHourSalary', {
        contractId: id,
        status,
        productType: 'LOTT',
        confirm,
      });
    case 'realTimeSalary':
      return post(token, '/wps/relay/MCSFE_processRealTimeSalaryContract', {
        contractId: id,
        status,
        confirm,
      });
  }
}
/** The status each relay sends to accept (on V) or keep (on V) a termination request. */
const endStatus = (kind: ContractKind) => (kind === 'hourlySalary' ? 'A' : 'C');
const keepStatus = (kind: ContractKind) => (kind === 'hourlySalary' ? 'R' : 'A');

const reqKey = {
  dividend: 'divtypereq',
  dailySalary: 'dailysalreqtype',
  hourlySalary: 'contracthoursalreq',
  realTimeSalary: 'realtimesalreqtype',
} as const;
const infoKey = {
  dividend: 'divtypecompperiodinfo',
  dailySalary: 'dailysalinfotype',
  hourlySalary: 'contracthoursalinfo',
  realTimeSalary: 'realtimesalinfotype',
} as const;
/** The rows of a member's info key for the kind's line (undefined when it holds none). */
function infoRows(c: Record<string, unknown>, kind: ContractKind) {
  const key = c[infoKey[kind]] as Record<string, Record<string, unknown>> | undefined;
  if (!key) return undefined;
  const byProduct = kind === 'dividend' ? key.CONS?.M : key.LOTT;
  return (byProduct as { agent: { status: string; terms: ContractTerms }[] } | undefined)?.agent;
}
const rateOf = (terms: ContractTerms) => {
  const tier = terms.tiers[0] as Record<string, number>;
  return tier.contractRate ?? tier.rate ?? tier.lossRate;
};

describe(`agent contracts (${testDbKind})`, () => {
  for (const kind of contractKinds) {
    it(`AG-15 AG-16 ${kind}: offer, modify, reject, re-offer, accept, modification waits on the accepted terms, termination requested, kept and accepted, all through the calls with the history`, async () => {
      const { top, mid } = await chain();
      // Offer (DEF → P): the downline's request key counts it, its info key stays empty.
      const offered = await offer(top.token, mid.memberId, terms(kind, r(kind, 30)));
      expect(offered.statusCode, offered.body).toBe(200);
      const c = offered.json().value;
      expect(c).toMatchObject({
        kind,
        status: 'P',
        uplineId: top.memberId,
        downlineId: mid.memberId,
        acceptedTerms: null,
      });
      let cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(1);
      if (kind === 'dividend') expect(cons.divtypecompperiodreq).toBe(1);
      expect(infoRows(cons, kind)).toBeUndefined();
      // The request is the downline's to answer and shows in its list; the upline sees it given.
      expect((await list(mid.token)).requests.map((q: { id: number }) => q.id)).toEqual([c.id]);
      expect((await list(top.token)).given.map((q: { id: number }) => q.id)).toEqual([c.id]);

      // Modify a pending offer (P → P), reject it (P → R): nothing in force.
      expect((await modify(top.token, c.id, terms(kind, r(kind, 25)))).json().value.status).toBe('P');
      expect((await answer(mid.token, c.id, 'reject')).json().value.status).toBe('R');
      cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(0);
      expect(infoRows(cons, kind)).toBeUndefined();

      // Offer again (R → P), accept through the kind's relay (P → A): the terms are in force.
      expect((await offer(top.token, mid.memberId, terms(kind, r(kind, 30)))).json().value.status).toBe('P');
      const accepted = await relay(kind, mid.token, c.id, 'A');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().value).toMatchObject({ status: 'A', acceptedTerms: terms(kind, r(kind, 30)) });
      cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(0);
      expect(infoRows(cons, kind)!.map((row) => [row.status, rateOf(row.terms)])).toEqual([
        ['A', r(kind, 30)],
      ]);

      // Modify a signed contract (A → E): the accepted terms keep paying while it waits.
      const modified = (await modify(top.token, c.id, terms(kind, r(kind, 20)))).json().value;
      expect(modified).toMatchObject({
        status: 'E',
        terms: terms(kind, r(kind, 20)),
        acceptedTerms: terms(kind, r(kind, 30)),
      });
      cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(1);
      expect(infoRows(cons, kind)!.map((row) => [row.status, rateOf(row.terms)])).toEqual([
        ['E', r(kind, 30)],
      ]);
      // Accept the modification (E → A): the new terms in force.
      expect((await answer(mid.token, c.id, 'accept')).json().value).toMatchObject({
        status: 'A',
        acceptedTerms: terms(kind, r(kind, 20)),
      });
      // Modify again and reject the modification (E → R): the contract ends (decision 030).
      expect((await modify(top.token, c.id, terms(kind, r(kind, 10)))).json().value.status).toBe('E');
      expect((await answer(mid.token, c.id, 'reject')).json().value.status).toBe('R');
      expect(infoRows(await consolidated(mid.token), kind)).toBeUndefined();

      // Signed again; the upline requests termination (A → V): still in force, a request waits.
      await offer(top.token, mid.memberId, terms(kind, r(kind, 30)));
      await answer(mid.token, c.id, 'accept');
      expect((await terminate(top.token, c.id)).json().value.status).toBe('V');
      cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(1);
      expect(infoRows(cons, kind)!.map((row) => row.status)).toEqual(['V']);
      // The downline keeps it through the relay (V → A), then ends it (V → C).
      const kept = await relay(kind, mid.token, c.id, keepStatus(kind));
      expect(kept.json().value.status, kept.body).toBe('A');
      await terminate(top.token, c.id);
      const ended = await relay(kind, mid.token, c.id, endStatus(kind));
      expect(ended.json().value.status, ended.body).toBe('C');
      cons = await consolidated(mid.token);
      expect(cons[reqKey[kind]]).toBe(0);
      expect(infoRows(cons, kind)).toBeUndefined();
      // A terminated line takes a new offer (C → P).
      expect((await offer(top.token, mid.memberId, terms(kind, r(kind, 30)))).json().value.status).toBe('P');

      // The history: every change with its actor, statuses and terms, for both parties alike.
      const h = await history(mid.token, c.id);
      expect(h).toEqual(await history(top.token, c.id));
      expect(
        h.events.map((e: { action: string; fromStatus: string; toStatus: string; actor: string }) => [
          e.actor,
          e.action,
          e.fromStatus,
          e.toStatus,
        ]),
      ).toEqual([
        ['upline', 'offer', 'DEF', 'P'],
        ['upline', 'modify', 'P', 'P'],
        ['downline', 'reject', 'P', 'R'],
        ['upline', 'offer', 'R', 'P'],
        ['downline', 'accept', 'P', 'A'],
        ['upline', 'modify', 'A', 'E'],
        ['downline', 'accept', 'E', 'A'],
        ['upline', 'modify', 'A', 'E'],
        ['downline', 'reject', 'E', 'R'],
        ['upline', 'offer', 'R', 'P'],
        ['downline', 'accept', 'P', 'A'],
        ['upline', 'requestTermination', 'A', 'V'],
        ['downline', 'rejectTermination', 'V', 'A'],
        ['upline', 'requestTermination', 'A', 'V'],
        ['downline', 'acceptTermination', 'V', 'C'],
        ['upline', 'offer', 'C', 'P'],
      ]);
      expect(
        h.events.every((e: { actorName: string }) => [top.username, mid.username].includes(e.actorName)),
      ).toBe(true);
      expect(h.events[1].terms).toEqual(terms(kind, r(kind, 25)));
    });

    it(`AG-15 AG-16 ${kind}: every illegal transition and every action by the wrong party is refused and changes nothing`, async () => {
      const { top, mid } = await chain();
      const c = (await offer(top.token, mid.memberId, terms(kind, r(kind, 30)))).json().value;
      const expectRefused = async (
        res: { statusCode: number; json: () => { errorCode: string } },
        code: string,
      ) => {
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().errorCode).toBe(code);
      };
      const status = async () => (await history(top.token, c.id)).contract.status;
      // P: no termination request, no termination answers; a second offer on the line refused.
      await expectRefused(await terminate(top.token, c.id), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'acceptTermination'), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'rejectTermination'), 'contract.status.invalid');
      await expectRefused(
        await offer(top.token, mid.memberId, terms(kind, r(kind, 20))),
        'contract.status.invalid',
      );
      // The wrong party: the upline cannot answer, the downline cannot modify or terminate.
      await expectRefused(await answer(top.token, c.id, 'accept'), 'contract.actor.invalid');
      await expectRefused(await modify(mid.token, c.id, terms(kind, r(kind, 20))), 'contract.actor.invalid');
      expect(await status()).toBe('P');
      // A: no accept, reject or termination answer; no second offer.
      await answer(mid.token, c.id, 'accept');
      await expectRefused(await answer(mid.token, c.id, 'accept'), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'reject'), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'acceptTermination'), 'contract.status.invalid');
      await expectRefused(
        await relay(kind, mid.token, c.id, 'A'),
        kind === 'dividend' ? 'agent.contract.not.found' : 'contract.status.invalid',
      );
      await expectRefused(await terminate(mid.token, c.id), 'contract.actor.invalid');
      // A modification that changes nothing is refused with the original's message.
      const same = await modify(top.token, c.id, terms(kind, r(kind, 30)));
      await expectRefused(same, 'contract.terms.invalid');
      expect(same.json().message).toContain('No change detected');
      expect(await status()).toBe('A');
      // V: no modify, no second request, no accept or reject of an offer.
      await terminate(top.token, c.id);
      await expectRefused(await modify(top.token, c.id, terms(kind, r(kind, 20))), 'contract.status.invalid');
      await expectRefused(await terminate(top.token, c.id), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'accept'), 'contract.status.invalid');
      await expectRefused(await answer(mid.token, c.id, 'reject'), 'contract.status.invalid');
      expect(await status()).toBe('V');
      // C and R: nothing but a new offer.
      await answer(mid.token, c.id, 'acceptTermination');
      for (const res of [
        await modify(top.token, c.id, terms(kind, r(kind, 20))),
        await terminate(top.token, c.id),
        await answer(mid.token, c.id, 'accept'),
        await answer(mid.token, c.id, 'reject'),
        await answer(mid.token, c.id, 'rejectTermination'),
      ])
        await expectRefused(res, 'contract.status.invalid');
      expect(await status()).toBe('C');
      // A stale version is refused.
      await offer(top.token, mid.memberId, terms(kind, r(kind, 30)));
      const stale = await modify(top.token, c.id, terms(kind, r(kind, 20)), 1);
      await expectRefused(stale, 'contract.version.stale');
      expect(await status()).toBe('P');
    });
  }

  it('offers are checked against the offerer own contract: rates above it, a kind or line it does not hold, a non-direct or non-agent downline are refused', async () => {
    const { top, mid, low, player } = await chain();
    const above = await offer(top.token, mid.memberId, terms('dailySalary', 60));
    expect(above.statusCode).toBe(422);
    expect(above.json().errorCode).toBe('contract.terms.invalid');
    expect(above.json().message).toContain('must not be higher than highest');
    expect(above.json().value.issues[0]).toMatchObject({
      code: 'contract.tier.above.highest',
      tier: 0,
      field: 'rate',
    });
    // mid holds nothing: it cannot offer low any kind, even below its upline's rates.
    for (const kind of contractKinds) {
      const res = await offer(mid.token, low.memberId, terms(kind, r(kind, 1)));
      expect(res.statusCode).toBe(422);
      expect(res.json().value.issues.map((i: { code: string }) => i.code)).toContain(
        'contract.kind.not.held',
      );
    }
    // Another line of a kind it holds (daily salary on RNG) is not held either.
    const otherLine = await offer(top.token, mid.memberId, {
      ...terms('dailySalary', 10),
      productType: 'RNG',
    });
    expect(otherLine.json().value.issues.map((i: { code: string }) => i.code)).toContain(
      'contract.kind.not.held',
    );
    // A pending offer (not yet signed) gives no rate to offer from.
    await offer(top.token, mid.memberId, terms('dailySalary', 30));
    expect((await offer(mid.token, low.memberId, terms('dailySalary', 10))).json().value.issues[0].code).toBe(
      'contract.kind.not.held',
    );
    // Tier rules: thresholds must rise.
    const flat = terms('dailySalary', 10) as { tiers: unknown[] };
    const bad = await offer(top.token, mid.memberId, { ...flat, tiers: [flat.tiers[0], flat.tiers[0]] });
    expect(bad.json().value.issues.map((i: { code: string }) => i.code)).toContain(
      'contract.tier.not.higher',
    );
    // Not a direct downline, a player, unknown: the same 404.
    for (const id of [low.memberId, player.memberId, 2_000_000_000]) {
      const res = await offer(top.token, id, terms('dailySalary', 10));
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('agent.downline.not.found');
    }
    // A player cannot call at all.
    expect((await offer(player.token, mid.memberId, terms('dailySalary', 10))).json().errorCode).toBe(
      'agent.only',
    );
  });

  it('AG-17 accepting lower terms: without confirmation the warning names the affected downlines and nothing changes; confirmed, they end with their own downlines in one transaction', async () => {
    const { top, mid, low } = await chain();
    const third = await memberWithMoney(t, 0, { agentType: 2, uplineId: low.memberId, prefix: 'ct3' });
    const sibling = await memberWithMoney(t, 0, { agentType: 2, uplineId: mid.memberId, prefix: 'cts' });
    // top → mid at 40, mid → low at 30 and → sibling at 10, low → third at 20; all signed.
    const tm = (await offer(top.token, mid.memberId, terms('dailySalary', 40))).json().value;
    await answer(mid.token, tm.id, 'accept');
    const ml = (await offer(mid.token, low.memberId, terms('dailySalary', 30))).json().value;
    await answer(low.token, ml.id, 'accept');
    const ms = (await offer(mid.token, sibling.memberId, terms('dailySalary', 10))).json().value;
    await answer(sibling.token, ms.id, 'accept');
    const lt = (await offer(low.token, third.memberId, terms('dailySalary', 20))).json().value;
    await answer(third.token, lt.id, 'accept');
    // top modifies mid down to 25: below low's 30, above sibling's 10.
    await modify(top.token, tm.id, terms('dailySalary', 25));
    const req = (await list(mid.token)).requests[0];
    expect(req).toMatchObject({ id: tm.id, downlineHigherRate: 'Y' });
    expect(
      req.affected.map((a: { contractId: number; username: string }) => [a.contractId, a.username]),
    ).toEqual([[ml.id, low.username]]);
    // Without confirmation: refused with the list, nothing changed.
    const warned = await answer(mid.token, tm.id, 'accept');
    expect(warned.statusCode).toBe(409);
    expect(warned.json().errorCode).toBe('agent.contract.higher.rate');
    expect(warned.json().message).toContain(low.username);
    expect(warned.json().value.affected).toEqual([
      {
        contractId: ml.id,
        downlineId: low.memberId,
        username: low.username,
        tier: 0,
        field: 'rate',
        value: 30,
        cap: 25,
      },
    ]);
    const relayed = await relay('dailySalary', mid.token, tm.id, 'A');
    expect(relayed.json().errorCode).toBe('agent.contract.higher.rate');
    const statuses = async () =>
      Promise.all(
        [tm, ml, ms, lt].map(
          async (c) => (await history(c === lt ? low.token : mid.token, c.id)).contract.status,
        ),
      );
    expect(await statuses()).toEqual(['E', 'A', 'A', 'A']);
    // Confirmed (through the relay): mid signs 25, low's contract ends and third's under it too; sibling's stays.
    const done = await relay('dailySalary', mid.token, tm.id, 'A', 'Y');
    expect(done.statusCode, done.body).toBe(200);
    expect(await statuses()).toEqual(['A', 'C', 'A', 'C']);
    const h = await history(low.token, ml.id);
    expect(h.events.at(-1)).toMatchObject({
      actor: 'system',
      action: 'autoTerminate',
      fromStatus: 'A',
      toStatus: 'C',
      actorName: null,
    });
    expect(infoRows(await consolidated(low.token), 'dailySalary')).toBeUndefined();
    // An agent whose own contract ends (termination accepted) ends what it gave on the line.
    await terminate(top.token, tm.id);
    await answer(mid.token, tm.id, 'acceptTermination');
    expect((await history(sibling.token, ms.id)).contract.status).toBe('C');
  });

  it(
    'concurrent accept and termination answers, and two accepts, on one contract give one outcome',
    async () => {
      for (let round = 0; round < 4; round++) {
        const { top, mid } = await chain();
        const c = (await offer(top.token, mid.memberId, terms('realTimeSalary', 30))).json().value;
        // accept and reject racing: one wins, the other is refused by the status the first left.
        const results = await race([
          () => answer(mid.token, c.id, 'accept'),
          () => answer(mid.token, c.id, 'reject'),
          () => answer(mid.token, c.id, 'accept'),
        ]);
        const ok = results.filter((x) => x.statusCode === 200);
        expect(ok).toHaveLength(1);
        for (const x of results.filter((y) => y.statusCode !== 200))
          expect(x.json().errorCode).toBe('contract.status.invalid');
        const h = await history(top.token, c.id);
        expect(h.events).toHaveLength(2);
        expect(h.contract.status).toBe(ok[0]!.json().value.status);
        if (h.contract.status !== 'A') continue;
        // Termination request racing a modification: one wins.
        const [a, b] = await race([
          () => terminate(top.token, c.id),
          () => modify(top.token, c.id, terms('realTimeSalary', 20)),
        ]);
        expect([a!.statusCode, b!.statusCode].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
        const after = await history(top.token, c.id);
        // Whichever ran second saw the first's status: V refuses modify; E refuses requestTermination.
        expect(after.events).toHaveLength(3);
        // Accepting and rejecting the termination at once: one outcome.
        if (after.contract.status === 'V') {
          const both = await race([
            () => answer(mid.token, c.id, 'acceptTermination'),
            () => answer(mid.token, c.id, 'rejectTermination'),
          ]);
          expect(both.filter((x) => x.statusCode === 200)).toHaveLength(1);
          expect((await history(top.token, c.id)).events).toHaveLength(4);
        }
      }
    },
    RACE_TIMEOUT,
  );

  it(
    'two offers racing on a new line make one contract; a downline accepting while the higher-rate rule ends its offer from above gives one outcome',
    async () => {
      for (let round = 0; round < 3; round++) {
        const { top, mid, low } = await chain();
        const offers = await race([
          () => offer(top.token, mid.memberId, terms('dailySalary', 40)),
          () => offer(top.token, mid.memberId, terms('dailySalary', 35)),
        ]);
        expect(offers.map((o) => o.statusCode).sort()).toEqual([200, 409]);
        const tm = offers.find((o) => o.statusCode === 200)!.json().value;
        expect((await history(top.token, tm.id)).events).toHaveLength(1);
        await answer(mid.token, tm.id, 'accept');
        const ml = (await offer(mid.token, low.memberId, terms('dailySalary', 30))).json().value;
        await modify(top.token, tm.id, terms('dailySalary', 20));
        // low accepts mid's offer while mid accepts lower terms that end it (confirmed).
        const [lowAccept, midAccept] = await race([
          () => answer(low.token, ml.id, 'accept'),
          () => answer(mid.token, tm.id, 'accept', true),
        ]);
        expect(midAccept!.statusCode, midAccept!.body).toBe(200);
        const h = await history(low.token, ml.id);
        expect(h.contract.status).toBe('C');
        const moves = h.events.map((e: { action: string }) => e.action);
        if (lowAccept!.statusCode === 200) expect(moves).toEqual(['offer', 'accept', 'autoTerminate']);
        else {
          expect(lowAccept!.json().errorCode).toBe('contract.status.invalid');
          expect(moves).toEqual(['offer', 'autoTerminate']);
        }
      }
    },
    RACE_TIMEOUT,
  );

  it('per-record access: a contract of other parties answers the same 404 as a missing one, on every call that takes an id', async () => {
    const { top, mid } = await chain();
    const other = await chain();
    const c = (await offer(top.token, mid.memberId, terms('hourlySalary', 30))).json().value;
    for (const id of [c.id, 2_000_000_000]) {
      const calls = [
        agentCall(t, other.top.token, '/wps/agent/contracts/history', { query: { contractId: id } }),
        modify(other.top.token, id, terms('hourlySalary', 20)),
        terminate(other.top.token, id),
        answer(other.mid.token, id, 'accept'),
        agentCall(t, other.mid.token, '/wps/relay/MCSFE_processDailySalaryContract', {
          query: { id, status: 'A' },
        }),
        agentCall(t, other.mid.token, '/wps/relay/MCS2_processDailySalContract', {
          query: { id, status: 'A' },
        }),
        post(other.mid.token, '/wps/relay/MCSFE_processContractHourSalary', { contractId: id, status: 'A' }),
        post(other.mid.token, '/wps/relay/MCS2_processContractHourSalary', { contractId: id, status: 'A' }),
        post(other.mid.token, '/wps/relay/MCSFE_processRealTimeSalaryContract', {
          contractId: id,
          status: 'A',
        }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().errorCode).toBe('agent.contract.not.found');
      }
    }
    // A relay of another kind does not reach the contract either.
    const wrongKind = await agentCall(t, mid.token, '/wps/relay/MCSFE_processDailySalaryContract', {
      query: { id: c.id, status: 'A' },
    });
    expect(wrongKind.statusCode).toBe(404);
    // The lists hold only the caller's own.
    expect((await list(other.top.token)).given).toEqual([]);
    expect((await list(other.mid.token)).held).toEqual([]);
    expect((await history(mid.token, c.id)).contract.id).toBe(c.id);
  });

  it('bad input is answered 4xx, never 500', async () => {
    const { top, mid } = await chain();
    const c = (await offer(top.token, mid.memberId, terms('dividend', 1000))).json().value;
    const bodies: [string, unknown][] = [
      ['/wps/agent/contracts/offer', {}],
      ['/wps/agent/contracts/offer', { downlineId: 'x', terms: {} }],
      ['/wps/agent/contracts/offer', { downlineId: mid.memberId, terms: null }],
      ['/wps/agent/contracts/offer', { downlineId: mid.memberId, terms: { kind: 'nope' } }],
      ['/wps/agent/contracts/offer', { downlineId: mid.memberId, terms: { kind: 'dividend', tiers: 'x' } }],
      [
        '/wps/agent/contracts/offer',
        { downlineId: mid.memberId, terms: { ...terms('dividend', 1000), tiers: [] } },
      ],
      ['/wps/agent/contracts/offer', { downlineId: -1, terms: terms('dividend', 1000) }],
      ['/wps/agent/contracts/offer', { downlineId: 1e30, terms: terms('dividend', 1000) }],
      ['/wps/agent/contracts/modify', { contractId: c.id, terms: 'x' }],
      ['/wps/agent/contracts/modify', { contractId: c.id, terms: terms('dailySalary', 10) }],
      ['/wps/agent/contracts/modify', { contractId: 'abc', terms: {} }],
      ['/wps/agent/contracts/terminate', { contractId: null }],
      ['/wps/agent/contracts/answer', { contractId: c.id, action: 'explode' }],
      ['/wps/agent/contracts/answer', { contractId: c.id, action: 'accept', version: 'x' }],
      ['/wps/relay/MCSFE_processContractHourSalary', { contractId: c.id, status: 'Z' }],
      ['/wps/relay/MCSFE_processRealTimeSalaryContract', { status: 'A' }],
    ];
    for (const [url, body] of bodies) {
      const res = await post(top.token, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    for (const [url, query] of [
      ['/wps/agent/contracts/history', { contractId: 'x' }],
      ['/wps/agent/contracts', { kind: 'x' }],
      [
        '/wps/relay/MCSFE_processContractDividend',
        { productType: 'CONS', computationPeriod: 'Q', status: 'A' },
      ],
      ['/wps/relay/MCS2_processDividendReq', { type: 'NOPE', status: 'A' }],
      ['/wps/relay/MCSFE_processDailySalaryContract', { id: '1e99', status: 'A' }],
    ] as const) {
      const res = await agentCall(t, mid.token, url, { query });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // Unauthenticated: refused before anything is read.
    expect((await t.call({ url: '/wps/agent/contracts' })).statusCode).toBeGreaterThanOrEqual(400);
    // The older dividend relay answers by product type: mid accepts through it.
    const older = await agentCall(t, mid.token, '/wps/relay/MCS2_processDividendReq', {
      query: { type: 'CONS', status: 'A' },
    });
    expect(older.json().value).toMatchObject({ id: c.id, status: 'A' });
  });

  it('the consolidated keys before and after an offer: request counts and info keys in the original shape, menu entries only for what is held', async () => {
    const { top, mid } = await chain();
    const before = await consolidated(mid.token);
    expect(before).toEqual({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      divtypecompperiodreq: 0,
    });
    // The top agent holds every kind with the platform: its info keys list them, upline null.
    const topKeys = await consolidated(top.token);
    for (const kind of contractKinds)
      expect(infoRows(topKeys, kind)).toEqual([
        expect.objectContaining({ status: 'A', uplineId: null, terms: terms(kind, r(kind, 50)) }),
      ]);
    await offer(top.token, mid.memberId, terms('dividend', 1000));
    await offer(top.token, mid.memberId, terms('hourlySalary', 10));
    const after = await consolidated(mid.token);
    expect(after).toEqual({
      dailysalreqtype: 0,
      divtypereq: 1,
      contracthoursalreq: 1,
      realtimesalreqtype: 0,
      divtypecompperiodreq: 1,
    });
  });

  it("AG-21 AG-22 AG-23 AG-24 AG-25 the original's contract calls: the dividend and daily-salary relays are GETs, the hourly and real-time salary calls POSTs, each answers only with a token; the offer, accept, reject and terminate calls exist", async () => {
    const method = { dividend: 'GET', dailySalary: 'GET', hourlySalary: 'POST', realTimeSalary: 'POST' };
    const path = {
      dividend: '/wps/relay/MCSFE_processContractDividend',
      dailySalary: '/wps/relay/MCSFE_processDailySalaryContract',
      hourlySalary: '/wps/relay/MCSFE_processContractHourSalary',
      realTimeSalary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    };
    for (const kind of contractKinds) {
      const { top, mid } = await chain();
      const c = (await offer(top.token, mid.memberId, terms(kind, r(kind, 30)))).json().value;
      // Without a token the relay is refused and the offer still waits.
      const anonymous =
        method[kind] === 'GET'
          ? await agentCall(t, undefined, path[kind], { query: { id: c.id, status: 'A' } })
          : await agentCall(t, undefined, path[kind], { body: { contractId: c.id, status: 'A' } });
      expect(anonymous.statusCode, `${kind} without a token`).toBe(401);
      // The other method is not the call.
      const wrong = await t.call({
        method: method[kind] === 'GET' ? 'POST' : 'GET',
        url: path[kind],
        token: mid.token,
        ...(method[kind] === 'GET' ? { payload: { id: c.id, status: 'A' } } : {}),
      });
      expect(wrong.statusCode, `${kind} by the other method`).toBe(404);
      expect((await history(top.token, c.id)).contract.status).toBe('P');
      // With the token, by its method, it answers the offer.
      const accepted = await relay(kind, mid.token, c.id, 'A');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().value.status).toBe('A');
    }

    // AG-25: offer, reject, accept and terminate, each a call of its own, each needing a token.
    const { top, mid } = await chain();
    const body = { downlineId: mid.memberId, terms: terms('dailySalary', 30) };
    expect((await agentCall(t, undefined, '/wps/agent/contracts/offer', { body })).statusCode).toBe(401);
    const c = (await offer(top.token, mid.memberId, body.terms)).json().value;
    expect(c.status).toBe('P');
    expect(
      (
        await agentCall(t, undefined, '/wps/agent/contracts/answer', {
          body: { contractId: c.id, action: 'reject' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await answer(mid.token, c.id, 'reject')).json().value.status).toBe('R');
    expect((await offer(top.token, mid.memberId, body.terms)).json().value.status).toBe('P');
    expect((await answer(mid.token, c.id, 'accept')).json().value.status).toBe('A');
    expect(
      (await agentCall(t, undefined, '/wps/agent/contracts/terminate', { body: { contractId: c.id } }))
        .statusCode,
    ).toBe(401);
    expect((await terminate(top.token, c.id)).json().value.status).toBe('V');
    expect((await answer(mid.token, c.id, 'acceptTermination')).json().value.status).toBe('C');
    expect((await history(top.token, c.id)).events.map((e: { action: string }) => e.action)).toEqual([
      'offer',
      'reject',
      'offer',
      'accept',
      'requestTermination',
      'acceptTermination',
    ]);
  });

  it('the demo seed: agent1 holds each kind with the platform, every demo offer is within its offerer rates, and the modal keys match the accounts', async () => {
    const agent1 = await loginToken(t, 'agent1', 'Agent1234');
    const agent2 = await loginToken(t, 'agent2', 'Agent1234');
    const subagent3 = await loginToken(t, 'subagent3', 'Agent1234');
    const c1 = await consolidated(agent1);
    expect(c1).toMatchObject({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    for (const kind of contractKinds) expect(infoRows(c1, kind)?.length ?? 0, kind).toBeGreaterThan(0);
    expect(await consolidated(agent2)).toMatchObject({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 1,
      realtimesalreqtype: 1,
    });
    expect((await consolidated(subagent3)).divtypereq).toBe(1);
    const l1 = await list(agent1);
    expect(
      l1.given.map((c: { downlineName: string; kind: string; status: string }) => [
        c.downlineName,
        c.kind,
        c.status,
      ]),
    ).toEqual([
      ['agent2', 'dailySalary', 'A'],
      ['agent2', 'dividend', 'A'],
      ['agent2', 'hourlySalary', 'P'],
      ['agent2', 'realTimeSalary', 'P'],
    ]);
    for (const c of demoContracts.filter((d) => d.upline !== null)) {
      const own = demoContracts.find(
        (d) =>
          d.downline === c.upline &&
          d.status === 'A' &&
          d.terms.kind === c.terms.kind &&
          d.terms.productType === c.terms.productType,
      );
      expect(
        checkOffer(c.terms, { offerer: own?.terms ?? null }).ok,
        `${c.upline} → ${c.downline} ${c.terms.kind}`,
      ).toBe(true);
    }
  });
});
