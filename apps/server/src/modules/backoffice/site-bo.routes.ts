import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The Site section's calls (issue 31, decision 035): each needs `site.switches`, checked before the
 * body is read, and acts through the back office's site service (audited; every instance is told
 * through the change feed). The back office is outside the site's maintenance gate (decision 031),
 * so staff end a maintenance from here.
 */
export async function siteBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, siteBo } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boSiteStatus, () => siteBo.status());
  registerBoCall(app, staffService, bo.boSiteMaintenance, async ({ staff, body, caller }) => {
    await siteBo.setMaintenance(
      actorOf(staff, caller),
      body.on,
      body.until === null ? null : new Date(body.until),
    );
    return siteBo.status();
  });
  registerBoCall(app, staffService, bo.boSiteRegions, async ({ staff, body, caller }) => {
    await siteBo.setBlockedCountries(actorOf(staff, caller), body.countries);
    return siteBo.status();
  });
  registerBoCall(app, staffService, bo.boSiteSwitches, () => siteBo.switches());
  registerBoCall(app, staffService, bo.boSiteSwitch, ({ staff, body, caller }) =>
    siteBo.setSwitch(actorOf(staff, caller), body.modId, body.enabled),
  );
  registerBoCall(app, staffService, bo.boSiteBrand, () => siteBo.brandConfig());
  registerBoCall(app, staffService, bo.boSiteBrandSet, ({ staff, body, caller }) =>
    siteBo.setBrand(actorOf(staff, caller), body.settings, body.reason),
  );
  // Registration fields and customer-service links (decision 052): read with site.switches,
  // changed with brand.edit.
  registerBoCall(app, staffService, bo.boSiteRegisterFields, () => siteBo.registerFields());
  registerBoCall(app, staffService, bo.boSiteRegisterFieldsSet, ({ staff, body, caller }) =>
    siteBo.setRegisterFields(actorOf(staff, caller), body.fields, body.reason),
  );
  registerBoCall(app, staffService, bo.boSiteServiceLinks, () => siteBo.serviceLinks());
  registerBoCall(app, staffService, bo.boSiteServiceLinksSet, ({ staff, body, caller }) =>
    siteBo.setServiceLinks(actorOf(staff, caller), body.links, body.reason),
  );
}
