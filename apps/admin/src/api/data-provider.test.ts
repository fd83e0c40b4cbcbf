// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../server/src/test/test-app.ts';
import { createStaff, nextCode, startRealServer } from '../test/real-server.ts';
import { submitCode, submitPassword } from '../auth/sign-in-flow.ts';
import { tokenStore } from './client.ts';
import { auditQueryOf, backofficeDataProvider, type QueueMeta } from './data-provider.ts';

/** The data provider against the real server: the lists, pages and filters the calls give. */
describe('back-office data provider', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startRealServer();
    const { password } = await createStaff(t, 'dp.admin');
    const enrol = await submitPassword('dp.admin', password);
    if (enrol.stage !== 'enrol') throw new Error('expected the enrolment step');
    const done = await submitCode(enrol, await nextCode(t, 'dp.admin', enrol.secret));
    if (done.stage !== 'done') throw new Error('expected to be signed in');
    token = done.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  // sessionStorage is cleared after each test (setup.ts): each test adopts the session again.
  const provider = () => {
    tokenStore.set(token);
    return backofficeDataProvider();
  };

  it('turns Refine filters into the audit call query', () => {
    expect(
      auditQueryOf([
        { field: 'actorName', operator: 'eq', value: ' dp.admin ' },
        { field: 'action', operator: 'startswith', value: 'staff' },
        { field: 'actorKind', operator: 'eq', value: 'cli' },
        { field: 'actorKind', operator: 'ne', value: 'staff' },
        { field: 'targetType', operator: 'eq', value: '' },
        { field: 'at', operator: 'gte', value: 1000 },
        { field: 'at', operator: 'lt', value: '1970-01-01T00:00:02.000Z' },
      ]),
    ).toEqual({ actorName: 'dp.admin', action: 'staff.', actorKind: 'cli', from: 1000, to: 2000 });
    expect(auditQueryOf([{ field: 'actorKind', operator: 'eq', value: 'robot' }])).toEqual({});
  });

  it('creates staff, pages the staff list on the server and hides disabled accounts unless asked', async () => {
    const dp = provider();
    for (const name of ['dp.a1', 'dp.a2', 'dp.a3'])
      await dp.create({
        resource: 'staff',
        variables: { username: name, displayName: name, role: 'support' },
      });
    const created = await dp.create<{ id: number; oneTimePassword: string }>({
      resource: 'staff',
      variables: { username: 'dp.gone', displayName: 'Gone', role: 'risk' },
    });
    expect(created.data.oneTimePassword).toMatch(/\S{12,}/);

    const page1 = await dp.getList({ resource: 'staff', pagination: { currentPage: 1, pageSize: 2 } });
    const page3 = await dp.getList({ resource: 'staff', pagination: { currentPage: 3, pageSize: 2 } });
    expect(page1.total).toBe(5);
    expect(page1.data.map((s) => s.username)).toEqual(['dp.a1', 'dp.a2']);
    expect(page3.data.map((s) => s.username)).toEqual(['dp.gone']);

    const disabled = await dp.update<{ disabledAt: number | null }>({
      resource: 'staff',
      id: created.data.id,
      variables: { disabled: true, reason: 'left the company' },
    });
    expect(disabled.data.disabledAt).toEqual(expect.any(Number));
    const active = await dp.getList({ resource: 'staff', pagination: { currentPage: 1, pageSize: 25 } });
    expect(active.data.map((s) => s.username)).not.toContain('dp.gone');
    const all = await dp.getList({
      resource: 'staff',
      pagination: { currentPage: 1, pageSize: 25 },
      filters: [{ field: 'includeDisabled', operator: 'eq', value: true }],
    });
    expect(all.data.map((s) => s.username)).toContain('dp.gone');
    await expect(
      dp.update({ resource: 'staff', id: created.data.id, variables: { role: 'admin' } }),
    ).rejects.toThrow(/no call/);
  });

  it('pages the audit log by cursor, newest first, also when a later page is asked for first', async () => {
    const dp = provider();
    const filters = [{ field: 'action', operator: 'eq' as const, value: 'staff.create' }];
    // The admin of this file and the four accounts of the test before: five staff.create entries.
    const page3 = await dp.getList({
      resource: 'audit',
      pagination: { currentPage: 3, pageSize: 2 },
      filters,
    });
    const page1 = await dp.getList({
      resource: 'audit',
      pagination: { currentPage: 1, pageSize: 2 },
      filters,
    });
    const page2 = await dp.getList({
      resource: 'audit',
      pagination: { currentPage: 2, pageSize: 2 },
      filters,
    });
    const ids = [...page1.data, ...page2.data, ...page3.data].map((e) => e.id as number);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(page3.data.at(-1)?.targetId).toBeDefined();
    // No count in the log: one page more is offered while there is one, none after the last.
    expect(page1.total).toBe(3);
    expect(page3.total).toBe(5);
    expect(page3.data).toHaveLength(1);
    const after = await dp.getList({
      resource: 'audit',
      pagination: { currentPage: 4, pageSize: 2 },
      filters,
    });
    expect(after.data).toEqual([]);

    const one = await dp.getOne<{ id: number; action: string; after: unknown }>({
      resource: 'audit',
      id: ids[0]!,
    });
    expect(one.data).toMatchObject({ id: ids[0], action: 'staff.create' });
    await expect(dp.getOne({ resource: 'audit', id: 999_999 })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists the approval queues through their calls with the four-eyes threshold, and searches players only with a prefix', async () => {
    const dp = provider();
    const deposits = await dp.getList({
      resource: 'deposits',
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: 'status', operator: 'eq', value: 'ALL' }],
      sorters: [{ field: 'amount', order: 'desc' }],
    });
    expect(Array.isArray(deposits.data)).toBe(true);
    expect(deposits.total).toBe(deposits.data.length);
    expect((deposits as unknown as { meta: QueueMeta }).meta).toMatchObject({
      currency: expect.any(String),
      fourEyesAbove: expect.any(Number),
    });
    const withdrawals = await dp.getList({
      resource: 'withdrawals',
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: 'awaitingSecond', operator: 'eq', value: true }],
    });
    expect(withdrawals).toMatchObject({ data: [], total: 0 });
    await expect(dp.getOne({ resource: 'deposits', id: 999_999 })).rejects.toMatchObject({ statusCode: 404 });
    // No prefix typed yet: nothing is asked of the server.
    expect(await dp.getList({ resource: 'players', filters: [] })).toEqual({ data: [], total: 0 });
    const none = await dp.getList({
      resource: 'players',
      filters: [
        { field: 'key', operator: 'eq', value: 'username' },
        { field: 'q', operator: 'startswith', value: 'nobody-has-this-name' },
      ],
    });
    expect(none).toMatchObject({ data: [], total: 0, capped: false });
  });

  it('hears the server refuse a role without the permission', async () => {
    const { password } = await createStaff(t, 'dp.support', 'support');
    const enrol = await submitPassword('dp.support', password);
    if (enrol.stage !== 'enrol') throw new Error('expected the enrolment step');
    const done = await submitCode(enrol, await nextCode(t, 'dp.support', enrol.secret));
    if (done.stage !== 'done') throw new Error('expected to be signed in');
    tokenStore.set(done.token);
    await expect(
      backofficeDataProvider().getList({ resource: 'audit', pagination: { currentPage: 1, pageSize: 10 } }),
    ).rejects.toMatchObject({ code: 'bo.permission.denied', statusCode: 403 });
  });
});
