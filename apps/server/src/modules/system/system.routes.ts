import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Errors,
  getBrandConfig,
  getDomainRoute,
  getHelpCenter,
  getRegisterSetting,
  getSystemStatus,
  getWhitelabel,
} from '@app/contract';
import { registerCall, SerializedValue } from '../../platform/http/register-calls.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { countryOf } from '../../platform/geo.ts';

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

/**
 * While the site is in maintenance, or closed to the caller's country, the platform's calls are
 * refused; the pages themselves still load and show the maintenance or region page. Installed on
 * the root instance so it covers every module's routes.
 */
export function installStatusGate(app: FastifyInstance): void {
  const { system } = app.ctx;
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url;
    if (!(path.startsWith('/wps/') || path.startsWith('/lgw/') || path.startsWith('/lotto/'))) return;
    if (OPEN_DURING_CLOSURE.some((p) => path.startsWith(p))) return;
    // Open to everyone (the usual case): no need to look up the caller's country.
    const setting = await system.statusSetting();
    if (!setting.maintenance && setting.blockedCountries.length === 0) return;
    const { country } = callerLocation(req);
    const caller = await system.statusFor(country);
    if (caller.status === 1) {
      return sendError(reply, Errors.maintenance, {
        value: { maintenanceEndTime: caller.maintenanceEndTime },
      });
    }
    if (caller.status === 2) {
      return sendError(reply, Errors.regionRestricted);
    }
  });
}

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { system, brand } = app.ctx;

  registerCall(app, getSystemStatus, async ({ req }) => {
    const { ip, country } = callerLocation(req);
    return new SerializedValue(await system.systemStatusJson(ip, country));
  });
  registerCall(app, getWhitelabel, () => system.whitelabel());
  registerCall(app, getRegisterSetting, () => system.registerRules());
  registerCall(app, getHelpCenter, async () => ({ categories: await system.help() }));
  registerCall(app, getDomainRoute, () => system.domainRoute());
  registerCall(app, getBrandConfig, ({ reply }) => {
    // Short cache: an operator's edit reaches players within a minute without a rebuild.
    reply.header('cache-control', 'public, max-age=60');
    return brand.get();
  });
}
