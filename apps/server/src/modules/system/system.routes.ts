import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Errors,
  FeatureSwitch,
  getBrandConfig,
  getCountry,
  getDomainRoute,
  getHelpCenter,
  getLocation,
  getRegisterSetting,
  getSettingsConsolidated,
  getSystemStatus,
  getTemplates,
  getWhitelabel,
  pingDomain,
} from '@app/contract';
import { registerCall, SerializedValue } from '../../platform/http/register-calls.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { fail } from '../../platform/http/errors.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { countryOf } from '../../platform/geo.ts';
import type { SystemService } from './system.service.ts';

/** Paths that stay reachable whatever the system status: the app needs them to show the status. */
const OPEN_DURING_CLOSURE = [
  '/wps/system/',
  '/wps/session/publicKey',
  '/config/',
  '/healthz',
  '/openapi.json',
  '/ops/',
];

export function callerLocation(req: FastifyRequest): { ip: string; country: string } {
  const ip = clientIp(req);
  return { ip, country: countryOf(ip) };
}

/** Refuses the call when the site is closed to the caller (maintenance or their region). */
async function refuseWhenClosed(
  system: SystemService,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const setting = await system.statusSetting();
  if (!setting.maintenance && setting.blockedCountries.length === 0) return;
  const { country } = callerLocation(req);
  const caller = await system.statusFor(country);
  if (caller.status === 1) {
    await sendError(reply, Errors.maintenance, { value: { maintenanceEnd: caller.maintenanceEndTime } });
  } else if (caller.status === 2) {
    await sendError(reply, Errors.regionRestricted);
  }
}

/**
 * While the site is in maintenance, or closed to the caller's country, the platform's calls are
 * refused; the pages themselves still load and show the maintenance or region page. Installed on
 * the root instance so it covers every module's routes.
 */
export function installStatusGate(app: FastifyInstance): void {
  const { system } = app.ctx;
  // A callback hook: it runs on every call, and the usual case is decided without waiting.
  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url;
    if (!(path.startsWith('/wps/') || path.startsWith('/lgw/') || path.startsWith('/lotto/'))) return done();
    // Open to everyone (the usual case): no call is refused, so which one this is does not matter.
    const setting = system.loadedStatusSetting();
    if (setting && !setting.maintenance && setting.blockedCountries.length === 0) return done();
    if (OPEN_DURING_CLOSURE.some((p) => path.startsWith(p))) return done();
    refuseWhenClosed(system, req, reply).then(() => done(), done);
  });
}

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { system, brand } = app.ctx;

  registerCall(app, getSystemStatus, ({ req }) => {
    const { ip, country } = callerLocation(req);
    // At once from the settled snapshot, as nearly every request finds it: no promise.
    const parts = system.systemStatusParts(ip, country);
    return parts instanceof Promise ? parts.then((p) => new SerializedValue(p)) : new SerializedValue(parts);
  });
  registerCall(app, getWhitelabel, () => system.whitelabel());
  registerCall(app, getRegisterSetting, () => system.registerRules());
  registerCall(app, getSettingsConsolidated, async () => new SerializedValue(await system.infoParts()));
  registerCall(app, getLocation, ({ req }) => callerLocation(req));
  registerCall(app, getCountry, async ({ req }) => {
    // The caller's own country when the site serves it, else the site's first (its home market).
    const { country } = callerLocation(req);
    const { countries } = await system.info();
    const served = countries.find((c) => c.countryCode === country) ?? countries[0];
    if (!served) throw fail(Errors.notFound, { message: 'No country is configured' });
    const { currency } = brand.get();
    return {
      countryCode: served.countryCode,
      countryDialingCode: served.countryDialingCode,
      name: served.name,
      currency: currency.code,
      currencySymbol: currency.symbol,
    };
  });
  registerCall(app, getTemplates, async () => ({
    templateId: (await system.template()).templateId,
    merchantCode: brand.get().merchant,
    parameters: { switch_register: await system.isOn(FeatureSwitch.directRegister) },
  }));
  registerCall(app, pingDomain, ({ query }) => ({ speed: query.speed ?? null, serverTime: Date.now() }));
  // The help articles in the language `lang` names, as the original sends it ("EN", or our site's
  // "my"), else the Language header's; then English (none named: the brand's default) (decision 047).
  // device is accepted as the original sends it ("WEB") and answers the same articles.
  registerCall(app, getHelpCenter, async ({ query, caller }) =>
    app.ctx.contentVersions.help(await system.help(), app.ctx.contentVersions.chainFor(query.lang, caller)),
  );
  registerCall(app, getDomainRoute, () => system.domainRoute());
  registerCall(app, getBrandConfig, async ({ reply }) => {
    // Short cache: an operator's edit reaches players within a minute without a rebuild.
    reply.header('cache-control', 'public, max-age=60');
    // The settings as stored now (decision 040): after a change notice this waits for the reload.
    return brand.current();
  });
}
