// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { backoffice } from '@app/contract';
import type { TestApp } from '../../../server/src/test/test-app.ts';
import { createStaff, nextCode, startRealServer } from '../test/real-server.ts';
import { submitCode, submitPassword } from '../auth/sign-in-flow.ts';
import { tokenStore } from './client.ts';
import { backofficeDataProvider } from './data-provider.ts';

/** The Lottery section's resources of the data provider against the real server (decision 034). */
describe('back-office data provider: lottery', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startRealServer();
    await t.app.ctx.lottery.engine.ensureNumeros(new Date());
    const { password } = await createStaff(t, 'lp.admin');
    const enrol = await submitPassword('lp.admin', password);
    if (enrol.stage !== 'enrol') throw new Error('expected the enrolment step');
    const done = await submitCode(enrol, await nextCode(t, 'lp.admin', enrol.secret));
    if (done.stage !== 'done') throw new Error('expected to be signed in');
    token = done.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const provider = () => {
    tokenStore.set(token);
    return backofficeDataProvider();
  };

  it('lists the games whole with the currency beside them, a game’s numeros by filter, and a numero by code:numero', async () => {
    const games = await provider().getList({
      resource: 'lottery',
      pagination: { currentPage: 1, pageSize: 200 },
    });
    const list = games.data as unknown as backoffice.LotteryBoGame[];
    expect(games.total).toBe(list.length);
    expect(list.find((g) => g.code === 'SSC1')).toMatchObject({
      resultSource: 'RNG',
      schedule: 'every 1 min',
    });
    expect((games as unknown as { meta: { currency: string } }).meta.currency).toBeTruthy();
    // Without a game there is nothing to list (no call is made).
    expect((await provider().getList({ resource: 'lottery-numeros' })).total).toBe(0);
    const upcoming = await provider().getList({
      resource: 'lottery-numeros',
      pagination: { currentPage: 1, pageSize: 5 },
      filters: [
        { field: 'code', operator: 'eq', value: 'SSC1' },
        { field: 'filter', operator: 'eq', value: 'upcoming' },
      ],
    });
    const numeros = upcoming.data as unknown as backoffice.LotteryBoNumero[];
    expect(numeros).toHaveLength(5);
    expect(numeros[0]!.drawAt).toBeLessThan(numeros[1]!.drawAt);
    expect(upcoming.total).toBeGreaterThan(5);
    const one = await provider().getOne({ resource: 'lottery-numeros', id: `SSC1:${numeros[0]!.numero}` });
    expect((one.data as unknown as backoffice.LotteryBoNumeroDetail).numero.numero).toBe(numeros[0]!.numero);
    // An unknown numero is the server's 404, as a refusal the page shows.
    await expect(
      provider().getOne({ resource: 'lottery-numeros', id: 'SSC1:20000101-0001' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
