import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemStatusValueSchema } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

describe(`system calls (${testDbKind})`, () => {
  it('SY-07 SY-11 status carries whitelabel, register rules, resources, customer service, analytics, CDNs, location and the flags', async () => {
    const res = await t.call({
      url: '/wps/system/status?url=localhost',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const v = body.value;
    // The answer is spliced from a once-serialised snapshot: it must still be exactly the schema's shape.
    expect(SystemStatusValueSchema.strict().parse(v)).toEqual(v);
    expect(v.status).toBe(0);
    expect(v.maintenance).toBe(false);
    expect(v.regionRestriction).toBe(false);
    expect(v.info.whitelabel.childrenNodes.length).toBeGreaterThan(0);
    expect(v.info.register.username).toMatchObject({ enabled: true, required: true, patternId: 1 });
    expect(v.info.resources.some((r: { resourceType: string }) => r.resourceType === 'SOCIAL')).toBe(true);
    expect(v.info.customerService[0]).toEqual(
      expect.objectContaining({ csType: expect.any(Number), path: expect.any(String) }),
    );
    expect(v.info.analytics).toHaveProperty('gtagId');
    expect(v.info.imageCDNs.length).toBeGreaterThan(0);
    expect(v.info.launchGameCDNs.length).toBeGreaterThan(0);
    expect(v.location).toEqual({ ip: '8.8.8.8', country: 'US' });
  });

  it('SY-08 whitelabel is a tree of {modId, enabled, childrenNodes} with "1" meaning on', async () => {
    const res = await t.call({ url: '/wps/system/whitelabel' });
    const tree = res.json().value;
    expect(tree).toMatchObject({ modId: 'ROOT', enabled: '1' });
    const register = tree.childrenNodes.find((n: { modId: string }) => n.modId === 'REGISTER3');
    expect(register.childrenNodes.map((n: { modId: string }) => n.modId)).toContain('DIRECTREG3');
    for (const n of register.childrenNodes) expect(['1', '0']).toContain(n.enabled);
  });

  it('SY-19 register rules carry enabled, required, acceptedPattern, patternId, minLength, maxLength', async () => {
    const res = await t.call({ url: '/wps/system/setting/register' });
    const rules = res.json().value;
    expect(Object.keys(rules.username).sort()).toEqual([
      'acceptedPattern',
      'enabled',
      'maxLength',
      'minLength',
      'patternId',
      'required',
    ]);
    expect(rules.username.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
  });

  it('SY-13 SY-14 the operator status decides maintenance and region blocks, and other calls are refused meanwhile', async () => {
    await t.app.ctx.system.setMaintenance(new Date(Date.now() + 3_600_000));
    let v = (await t.call({ url: '/wps/system/status' })).json().value;
    expect(v.status).toBe(1);
    expect(v.maintenance).toBe(true);
    expect(v.maintenanceEnd).toBeGreaterThan(Date.now());
    const refused = await t.call({ url: '/wps/relay/MCSFE_getListAnnouncements' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errorCode).toBe('system.maintenance');

    await t.app.ctx.system.setBlockedCountries(['US']);
    v = (await t.call({ url: '/wps/system/status', headers: { 'x-forwarded-for': '8.8.8.8' } })).json().value;
    expect(v.status).toBe(2);
    expect(v.regionRestriction).toBe(true);
    const other = (
      await t.call({ url: '/wps/system/status', headers: { 'x-forwarded-for': '110.54.1.1' } })
    ).json().value;
    expect(other.status).toBe(0);

    await t.app.ctx.system.setNormal();
    v = (await t.call({ url: '/wps/system/status', headers: { 'x-forwarded-for': '8.8.8.8' } })).json().value;
    expect(v.status).toBe(0);
  });

  it('SY-20 domainRoute returns domainList with speed 0 and the resources', async () => {
    const v = (await t.call({ url: '/wps/system/domainRoute' })).json().value;
    expect(v.domainList.length).toBeGreaterThan(0);
    for (const d of v.domainList) expect(d).toEqual({ domainName: expect.any(String), speed: 0 });
    expect(Array.isArray(v.resources)).toBe(true);
  });

  it('SY-21 helpCenter returns sections of HTML articles', async () => {
    const v = (await t.call({ url: '/wps/system/helpCenter' })).json().value;
    expect(v.length).toBeGreaterThan(0);
    expect(v.flatMap((c: { children: { tag: string }[] }) => c.children.map((i) => i.tag))).toContain(
      'terms',
    );
  });

  it('SY-05 the brand config file is served at run time', async () => {
    const res = await t.call({ url: '/config/brand.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ platform: 'web', lotteryType: 'SEA', device: 'WEB' });
  });
});
