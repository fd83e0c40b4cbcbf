import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import { okEnvelopeSchema, type CallDef, type CallBody, type CallQuery, type CallValue } from '@app/contract';
import { requireSession, type SessionContext } from '../auth/session.ts';

export interface HandlerContext<C extends CallDef> {
  query: C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
  body: C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session; always set on calls declared with `token: true`. */
  session: SessionContext | null;
}

export type Handler<C extends CallDef> = (ctx: HandlerContext<C>) => Promise<CallValue<C>> | CallValue<C>;

// Kept for consumers that want the raw input types of a call.
export type { CallBody, CallQuery };

/**
 * Registers the handler of one declared call: request validated by the declaration's schemas,
 * response serialised by them, token checked when the declaration asks for one, and the value
 * wrapped in the envelope for /wps calls.
 */
export function registerCall<C extends CallDef>(app: FastifyInstance, def: C, handler: Handler<C>): void {
  const response = def.wire === 'envelope' ? okEnvelopeSchema(def.response) : def.response;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: [def.moduleId],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: response },
    },
    config: { call: def },
    handler: async (req, reply) => {
      const session = def.token ? await requireSession(req) : (req.session ?? null);
      const value = await handler({
        query: req.query as HandlerContext<C>['query'],
        body: req.body as HandlerContext<C>['body'],
        req,
        reply,
        session,
      });
      return def.wire === 'envelope' ? { success: true as const, value } : value;
    },
  });
}
