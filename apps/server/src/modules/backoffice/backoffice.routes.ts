import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { backoffice, okEnvelopeSchema, type CallValue } from '@app/contract';
import { tokenOf } from '../../platform/auth/session.ts';
import { callerOf, type Caller } from '../../platform/http/caller.ts';
import type { AuditActor } from './audit.service.ts';
import type { StaffContext, StaffService } from './staff.service.ts';
import { meOf } from './staff.service.ts';
import { BO_OPENAPI_PATH, backofficeOpenApi } from './openapi.ts';

type BoCallDef = backoffice.BoCallDef;

interface BoHandlerContext<C extends BoCallDef> {
  query: C extends backoffice.BoCallDef<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
  body: C extends backoffice.BoCallDef<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
  /** The member of staff: present on every call but the public ones. */
  staff: C extends { readonly access: 'public' } ? null : StaffContext;
  caller: Caller;
}

/**
 * Registers one back-office call from its declaration: the staff token is checked in onRequest,
 * before the body is read (no token, a player's token, a session short of its second factor or a
 * role without the call's permission are refused first), then the query and body are validated by
 * the declared schemas and the answer wrapped in the envelope. The calls are hidden from the
 * player's OpenAPI document: the back office's is its own.
 */
export function registerBoCall<C extends BoCallDef>(
  app: FastifyInstance,
  staffService: StaffService,
  def: C,
  handler: (ctx: BoHandlerContext<C>) => Promise<CallValue<C>>,
): void {
  const staffOf = new WeakMap<FastifyRequest, StaffContext>();
  const access = def.access;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      hide: true,
      operationId: def.id,
      summary: def.summary,
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: okEnvelopeSchema(def.response) },
    },
    config: { call: def },
    ...(access === 'public'
      ? {}
      : {
          onRequest: async (req: FastifyRequest) => {
            staffOf.set(req, await staffService.authorize(tokenOf(req), access, def.id));
          },
        }),
    handler: async (req) => {
      const value = await handler({
        query: req.query,
        body: req.body,
        staff: staffOf.get(req) ?? null,
        caller: callerOf(req),
      } as BoHandlerContext<C>);
      return { success: true as const, value };
    },
  });
}

export const actorOf = (staff: StaffContext, caller: Caller): AuditActor => ({
  kind: 'staff',
  id: staff.staffId,
  name: staff.username,
  ip: caller.ip,
});

/** The back office's calls (issue 31): sign-in, the staff accounts and the audit log. */
export async function backofficeRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, audit } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boLogin, ({ body, caller }) =>
    staffService.login(caller, body.username, body.password),
  );
  registerBoCall(app, staffService, bo.boSecondFactor, ({ staff, body, caller }) =>
    staffService.secondFactor(staff, caller.ip, body.code),
  );
  registerBoCall(app, staffService, bo.boEnrolConfirm, ({ staff, body, caller }) =>
    staffService.confirmEnrolment(staff, caller.ip, body.code),
  );
  registerBoCall(app, staffService, bo.boMe, async ({ staff }) => meOf(staff));
  registerBoCall(app, staffService, bo.boLogout, async ({ staff, caller }) => {
    await staffService.logout(staff, caller.ip);
    return { ended: true as const };
  });
  registerBoCall(app, staffService, bo.boStaffList, ({ query }) =>
    staffService.list(query.page, query.size, query.all === 'true'),
  );
  registerBoCall(app, staffService, bo.boStaffCreate, ({ staff, body, caller }) =>
    staffService.create(actorOf(staff, caller), body),
  );
  registerBoCall(app, staffService, bo.boStaffDisable, ({ staff, body, caller }) =>
    staffService.disable(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boStaffPasswordChange, ({ staff, body, caller }) =>
    staffService.changeOwnPassword(staff, caller.ip, body.current, body.next),
  );
  registerBoCall(app, staffService, bo.boStaffResetPassword, ({ staff, body, caller }) =>
    staffService.resetPassword(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boStaffResetTotp, ({ staff, body, caller }) =>
    staffService.resetTotp(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boAuditList, ({ query }) => audit.list(query));
  registerBoCall(app, staffService, bo.boAuditVerify, () => audit.verify());

  // The back office's OpenAPI document (openapi.ts), for signed-in staff of any role: it is not a
  // call of the contract itself, so it lists nothing but the calls.
  app.get(
    BO_OPENAPI_PATH,
    {
      schema: { hide: true },
      onRequest: async (req) => {
        await staffService.authorize(tokenOf(req), 'staff');
      },
    },
    async () => backofficeOpenApi(app),
  );
}
