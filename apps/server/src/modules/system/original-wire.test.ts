import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureSwitch } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';

/**
 * The system calls as the original web client makes them (research/original-wire.md, "system"):
 * its request, and every field its code reads afterwards, with the types it reads them as.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
});
afterAll(async () => t?.close());

interface Node {
  modId: string;
  enabled: string;
  childrenNodes: Node[];
}

/** The original's getWhitelabelVal: one root node flattened to {modId: enabled === "1"}. */
function whitelabelVal(root: Node): Record<string, boolean> {
  const out: Record<string, boolean> = { [root.modId]: root.enabled === '1' };
  for (const child of root.childrenNodes) Object.assign(out, whitelabelVal(child));
  return out;
}

/** Every switch id the original client looks up, and the value the demo seed gives it. */
const originalSwitches: Record<string, boolean> = {
  HOMEPAGE: true,
  MOBILELOGIN3: true,
  MOBILEVERCODELOGIN3: true,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: true,
  REGMOBVERF3: false,
  MOBILENUMREG3: true,
  MOBILENUMPASSREG3: true,
  USERNAMEREG3: true,
  CHNGPASSVERIF3: true,
  GEETEST3: false,
  GEETESTVCODE3: false,
  INBOX3: true,
  CBS3: false,
  REWCEN3: false,
  PTSYS3: false,
  PAYMENTPASS3: false,
  MYRBT3: false,
};

function expectOriginalSwitches(root: Node) {
  const val = whitelabelVal(root);
  for (const [id, on] of Object.entries(originalSwitches)) expect(val[id], id).toBe(on);
}

function expectWhitelabelRoot(root: Node) {
  expect(root).toEqual({ modId: expect.any(String), enabled: '1', childrenNodes: expect.any(Array) });
  expect(root.childrenNodes.length).toBeGreaterThan(0);
  for (const child of root.childrenNodes) {
    expect(typeof child.modId).toBe('string');
    expect(typeof child.enabled).toBe('string');
  }
}

function expectCustomerService(list: unknown) {
  expect(Array.isArray(list)).toBe(true);
  const entries = list as { path: unknown }[];
  expect(entries.length).toBeGreaterThan(0);
  for (const c of entries) expect(typeof c.path).toBe('string');
}

function expectResources(list: unknown) {
  expect(Array.isArray(list)).toBe(true);
  const entries = list as { resourceType: unknown; qrCodeUrl: unknown }[];
  expect(entries.length).toBeGreaterThan(0);
  for (const r of entries) {
    expect(typeof r.resourceType).toBe('string');
    expect(typeof r.qrCodeUrl).toBe('string');
  }
}

describe(`the original client's system calls (${testDbKind})`, () => {
  it("getSystemStatus: GET /wps/system/status answers the original's fields", async () => {
    const res = await t.call({
      url: '/wps/system/status?url=www.luckylotus.example',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.maintenance).toBe(false);
    expect(v.regionRestriction).toBe(false);
    expect(v.maintenanceEnd).toBeNull();
    expect(v.location).toEqual({ ip: '8.8.8.8', country: 'US' });
    const info = v.info;
    expectWhitelabelRoot(info.whitelabel);
    expectOriginalSwitches(info.whitelabel);
    expect(info.register.username.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
    expectResources(info.resources);
    expect(info.resources.map((r: { resourceType: string }) => r.resourceType)).toContain('APP_ANDROID');
    expect(info.imageCDNs.length).toBeGreaterThan(0);
    for (const cdn of info.imageCDNs) expect(typeof cdn).toBe('string');
    expect(info.launchGameCDNs.length).toBeGreaterThan(0);
    for (const cdn of info.launchGameCDNs) expect(typeof cdn).toBe('string');
    expectCustomerService(info.customerService);
    expect(typeof info.analytics.gtagId).toBe('string');
    expect(info.domainRoute).toEqual([
      { domainName: 'www.luckylotus.example', speed: 0 },
      { domainName: 'm.luckylotus.example', speed: 0 },
      { domainName: 'backup.luckylotus.example', speed: 0 },
    ]);
    expect(info.mainDomain).toBe('www.luckylotus.example');

    // Maintenance with an end: the original's maintenance page reads value.maintenanceEnd.
    const end = new Date(Date.now() + 3_600_000);
    await t.app.ctx.system.setMaintenance(end);
    try {
      const closed = (await t.call({ url: '/wps/system/status?url=x' })).json().value;
      expect(closed).toMatchObject({
        maintenance: true,
        regionRestriction: false,
        maintenanceEnd: end.getTime(),
      });
      await t.app.ctx.system.setBlockedCountries(['US']);
      const blocked = (
        await t.call({ url: '/wps/system/status?url=x', headers: { 'x-forwarded-for': '8.8.8.8' } })
      ).json().value;
      expect(blocked).toMatchObject({ maintenance: false, regionRestriction: true });
    } finally {
      await t.app.ctx.system.setNormal();
    }
  });

  it("getWhitelabel: GET /wps/system/whitelabel answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/whitelabel' });
    expect(res.statusCode).toBe(200);
    const root = res.json().value as Node;
    expectWhitelabelRoot(root);
    for (const child of root.childrenNodes) expect(['1', '0']).toContain(child.enabled);
    expectOriginalSwitches(root);
    // An operator's switch reaches the original client at once.
    await t.app.ctx.system.setSwitch(FeatureSwitch.inbox, false);
    try {
      const after = (await t.call({ url: '/wps/system/whitelabel' })).json().value as Node;
      expect(whitelabelVal(after).INBOX3).toBe(false);
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.inbox, true);
    }
  });

  it("getRegisterSetting: GET /wps/system/setting/register answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/setting/register' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(typeof v).toBe('object');
    expect(v.username.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
    expect(v.password).toMatchObject({ minLength: 6, maxLength: 20 });
    // The original makes a RegExp of every acceptedPattern (after turning "*" into ".*").
    for (const rule of Object.values(v) as { acceptedPattern: string }[]) {
      const pattern = rule.acceptedPattern === '*' ? '.*' : rule.acceptedPattern;
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it("getSettingsConsolidated: GET /wps/system/settings/consolidated answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/settings/consolidated' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.domainRoute.map((d: { domainName: string }) => d.domainName)).toEqual([
      'www.luckylotus.example',
      'm.luckylotus.example',
      'backup.luckylotus.example',
    ]);
    expectResources(v.resources);
    expectCustomerService(v.customerService);
    expect(typeof v.register).toBe('object');
    expect(v.register.username.acceptedPattern).toBe('^[A-Za-z][A-Za-z0-9]*$');
    expect(Array.isArray(v.whitelabel.childrenNodes)).toBe(true);
    expectOriginalSwitches(v.whitelabel);
    // The same settings as the status call's info, without the caller's parts.
    const status = (await t.call({ url: '/wps/system/status?url=x' })).json().value;
    expect(v).toEqual(status.info);
  });

  it("getLocation: GET /wps/system/location answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/location', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(typeof v).toBe('object');
    expect(v).toEqual({ ip: '8.8.8.8', country: 'US' });
  });

  it("getDomainRoute: GET /wps/system/domainRoute answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/domainRoute' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expectCustomerService(v.customerService);
    expect(v.domainList.map((d: { domainName: string }) => d.domainName)).toEqual([
      'www.luckylotus.example',
      'm.luckylotus.example',
      'backup.luckylotus.example',
    ]);
    expectResources(v.resources);
  });

  it("pingDomain: GET /wps/system/test/ping answers the original's fields", async () => {
    const now = Date.now();
    const res = await t.call({ url: `/wps/system/test/ping?speed=${now}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      value: { speed: now, serverTime: expect.any(Number) },
    });
    expect(res.json().value.serverTime).toBeGreaterThanOrEqual(now);
    // It stays open while the site is closed: it measures the domain, not the site.
    await t.app.ctx.system.setMaintenance(null);
    try {
      expect((await t.call({ url: `/wps/system/test/ping?speed=${now}` })).statusCode).toBe(200);
    } finally {
      await t.app.ctx.system.setNormal();
    }
    const bad = await t.call({ url: '/wps/system/test/ping?speed=soon' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().success).toBe(false);
  });

  it("getTemplates: GET /wps/system/templates answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/templates' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(typeof v.templateId).toBe('string');
    expect(v.templateId.length).toBeGreaterThan(0);
    expect(v.merchantCode).toBe('SEA888');
    expect(v.parameters.switch_register).toBe(true);
    await t.app.ctx.system.setSwitch(FeatureSwitch.directRegister, false);
    try {
      expect((await t.call({ url: '/wps/system/templates' })).json().value.parameters.switch_register).toBe(
        false,
      );
    } finally {
      await t.app.ctx.system.setSwitch(FeatureSwitch.directRegister, true);
    }
  });

  it("getHelpCenter: GET /wps/system/helpCenter answers the original's fields", async () => {
    const res = await t.call({ url: '/wps/system/helpCenter?lang=EN&device=WEB' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(Array.isArray(v)).toBe(true);
    expect(v.length).toBeGreaterThan(0);
    for (const section of v) {
      expect(typeof section.tag).toBe('string');
      expect(typeof section.title).toBe('string');
      expect(typeof section.content).toBe('string');
      for (const article of section.children) {
        expect(typeof article.tag).toBe('string');
        expect(typeof article.title).toBe('string');
        expect(article.content).toMatch(/<\w+/);
      }
    }
    // The original opens /help#terms by looking the tag up in the tree.
    expect(v.flatMap((s: { children: { tag: string }[] }) => s.children.map((a) => a.tag))).toContain(
      'terms',
    );
    // The same tree in every language (decision 047): the picker's label or a language code picks
    // the articles' version (the fallbacks are content-versions.test.ts's).
    const tree = (value: { tag: string; children: { tag: string }[] }[]) =>
      value.map((s) => [s.tag, s.children.map((a) => a.tag)]);
    const helpIn = async (lang: string) =>
      (await t.call({ url: `/wps/system/helpCenter?lang=${lang}&device=WEB` })).json().value;
    const chinese = await helpIn('CN');
    expect(await helpIn('zh-CN')).toEqual(chinese);
    expect(tree(chinese)).toEqual(tree(v));
    expect(chinese[0].title).not.toBe(v[0].title);
    const burmese = await helpIn('my');
    expect(tree(burmese)).toEqual(tree(v));
    expect(burmese[0].title).not.toBe(v[0].title);
    const bad = await t.call({ url: '/wps/system/helpCenter?lang=%3Cscript%3E' });
    expect(bad.statusCode).toBe(422);
  });

  it("getCountry: GET /wps/system/country answers the original's fields", async () => {
    // A caller from a country the site serves (110.54.1.1 is in Japan) gets its own.
    const res = await t.call({ url: '/wps/system/country', headers: { 'x-forwarded-for': '110.54.1.1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      countryCode: 'JP',
      countryDialingCode: '81',
      name: 'Japan',
      currency: 'USD',
      currencySymbol: '$',
    });
    // Anyone else gets the site's first country.
    const other = (
      await t.call({ url: '/wps/system/country', headers: { 'x-forwarded-for': '8.8.8.8' } })
    ).json().value;
    expect(other).toMatchObject({
      countryCode: 'VN',
      countryDialingCode: '84',
      currency: 'USD',
      currencySymbol: '$',
    });
  });
});
