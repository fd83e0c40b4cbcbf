import { backoffice } from '@app/contract';
import { AppError } from '../platform/http/errors.ts';
import type { SiteBoService } from '../modules/backoffice/site-bo.service.ts';
import type { SystemService } from '../modules/system/system.service.ts';
import { cliActor } from './backoffice-command.ts';

export const SITE_USAGE = `  status                                  show the current status setting
  status normal                           open the site (ends maintenance and region blocks)
  status maintenance [--until <ISO time>] put the site in maintenance, optionally until a time
  status region --block <CC,CC,...>       refuse callers from these countries (ISO 3166 alpha-2)
  switch list                             list the feature switches
  switch <modId> on|off                   turn a feature switch on or off`;

export interface SiteOpsServices {
  system: SystemService;
  /** The back office's site service: the CLI's changes go through it, audited as the operator (decision 035). */
  siteBo?: SiteBoService;
}

type Usage = (message: string) => Error;

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

function siteOf(services: SiteOpsServices, usage: Usage): SiteBoService {
  if (!services.siteBo) throw usage('The site settings are not available in this mode');
  return services.siteBo;
}

/** `npm run ops -- status ...`: the site's maintenance and region blocks (decisions 005, 006). */
export async function runStatusCommand(
  services: SiteOpsServices,
  named: Map<string, string>,
  positional: string[],
  operator: string,
  usage: Usage,
): Promise<string> {
  const [mode, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra[0]}"`);
  if (!mode) {
    onlyKnown(named, [], usage);
    return JSON.stringify(await services.system.statusSetting(), null, 2);
  }
  const actor = cliActor(operator);
  if (mode === 'normal') {
    onlyKnown(named, [], usage);
    await siteOf(services, usage).setNormal(actor);
    return 'Status: normal. The site is open.';
  }
  if (mode === 'maintenance') {
    onlyKnown(named, ['until'], usage);
    const untilRaw = named.get('until');
    let until: Date | null = null;
    if (untilRaw !== undefined) {
      until = new Date(untilRaw);
      if (!/^\d{4}-\d{2}-\d{2}/.test(untilRaw) || Number.isNaN(until.getTime()))
        throw usage(`--until must be an ISO time such as 2026-12-01T06:00:00Z, got "${untilRaw}"`);
      if (until.getTime() <= Date.now()) throw usage(`--until ${untilRaw} is in the past`);
    }
    await siteOf(services, usage).setMaintenance(actor, true, until);
    return `Status: maintenance${until ? ` until ${until.toISOString()}` : ' (no end time given)'}.`;
  }
  if (mode === 'region') {
    onlyKnown(named, ['block'], usage);
    const block = named.get('block');
    if (!block) throw usage('status region needs --block <country codes>, e.g. --block US,GB');
    const codes = block
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean);
    const bad = codes.filter((c) => !/^[A-Z]{2}$/.test(c));
    if (bad.length || !codes.length)
      throw usage(`Country codes are two letters (ISO 3166 alpha-2): ${bad.join(', ') || block}`);
    const unique = [...new Set(codes)];
    await siteOf(services, usage).setRegionOnly(actor, unique);
    return `Status: region restricted for ${unique.join(', ')}.`;
  }
  throw usage(`Unknown status "${mode}": use normal, maintenance or region`);
}

/** `npm run ops -- switch ...`: the feature switches. */
export async function runSwitchCommand(
  services: SiteOpsServices,
  named: Map<string, string>,
  positional: string[],
  operator: string,
  usage: Usage,
): Promise<string> {
  onlyKnown(named, [], usage);
  const [rawModId, state] = positional;
  if (rawModId === 'list' && state === undefined) {
    const rows = await services.system.listSwitches();
    return rows.map((r) => `${r.mod_id.padEnd(20)} ${r.enabled ? 'on ' : 'off'}  ${r.label}`).join('\n');
  }
  if (!rawModId || (state !== 'on' && state !== 'off') || positional.length !== 2)
    throw usage('Usage: switch <modId> on|off');
  // Module ids are upper case (DIRECTREG3); an operator typing directreg3 means the same switch.
  const modId = rawModId.toUpperCase();
  if (!/^[A-Z0-9_]{1,64}$/.test(modId))
    throw usage(`Unknown switch "${modId}"; "npm run ops -- switch list" shows them`);
  const site = siteOf(services, usage);
  const found = await site.setSwitch(cliActor(operator), modId, state === 'on').then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.error === backoffice.SiteBoErrors.boSwitchNotFound) return false;
      throw err;
    },
  );
  if (!found) throw usage(`Unknown switch "${modId}"; "npm run ops -- switch list" shows them`);
  return `Switch ${modId} is ${state}.`;
}
