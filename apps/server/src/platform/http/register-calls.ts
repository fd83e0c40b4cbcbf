import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import {
  EncryptedBodySchema,
  okEnvelopeSchema,
  Errors,
  type CallDef,
  type CallBody,
  type CallQuery,
  type CallValue,
} from '@app/contract';
import { requireSession, type SessionContext } from '../auth/session.ts';
import { refuseNul } from './nul-guard.ts';
import { fail } from './errors.ts';
import { setSplicedBody, type SplicedBody } from './compression.ts';
import { callerOf, type Caller } from './caller.ts';

/** One line a person can act on, from a zod failure of a decrypted payload. */
function describeIssues(error: z.ZodError): string {
  const parts = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  return `Invalid body: ${parts.join('; ')}`;
}

/**
 * Encrypted calls (DESIGN.md §2) carry `{value}` on the wire: the declared body schema applies to
 * the decrypted fields, so a plain body is refused with its own code before any field is read.
 */
async function openEncryptedBody(def: CallDef, req: FastifyRequest): Promise<unknown> {
  const failed = req.validationError as (Error & { validationContext?: string }) | undefined;
  if (failed) {
    if (failed.validationContext === 'body') throw fail(Errors.payloadEncryptionRequired);
    throw failed;
  }
  const payload = await req.server.ctx.payloadKeys.open({
    wrappedKey: req.headers['encryption'],
    keyId: req.headers['encryption-key-id'],
    value: (req.body as { value?: unknown } | undefined)?.value,
  });
  refuseNul('body', payload);
  if (!def.body) return undefined;
  const parsed = def.body.safeParse(payload);
  if (!parsed.success) throw fail(Errors.invalidInput, { message: describeIssues(parsed.error) });
  return parsed.data;
}

export interface HandlerContext<C extends CallDef> {
  query: C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
  body: C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session: present on calls declared with `token: true`, else when one was sent. */
  session: C extends { readonly token: true } ? SessionContext : SessionContext | null;
  /** The caller as plain values (IP, captcha id, language…): what a service is handed, never `req`. */
  caller: Caller;
}

/**
 * A value already serialised as JSON, checked against the call's schema by whoever built it.
 * For hot, read-mostly answers (the system status) whose bulk is serialised once per change
 * instead of once per request.
 */
export class SerializedValue {
  readonly json: string;
  /** Set when the JSON is a bulk shared by many answers between two small per-request parts. */
  readonly parts: SplicedBody | undefined;
  constructor(json: string | SplicedBody) {
    if (typeof json === 'string') {
      this.json = json;
      this.parts = undefined;
    } else {
      this.json = json.head + json.bulk + json.tail;
      this.parts = json;
    }
  }
}

/**
 * What a handler is given (HandlerContext). A class rather than an object literal: a literal with
 * a getter is built through the runtime on every call, about 1 µs of every request.
 */
class CallContext {
  readonly query: unknown;
  readonly body: unknown;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  readonly session: SessionContext | null;

  constructor(req: FastifyRequest, reply: FastifyReply, body: unknown, session: SessionContext | null) {
    this.query = req.query;
    this.body = body;
    this.req = req;
    this.reply = reply;
    this.session = session;
  }

  /** Read from the headers only by the handlers that ask for it. */
  get caller(): Caller {
    return callerOf(this.req);
  }
}

export type Handler<C extends CallDef> = (
  ctx: HandlerContext<C>,
) => Promise<CallValue<C> | SerializedValue> | CallValue<C> | SerializedValue;

// Kept for consumers that want the raw input types of a call.
export type { CallBody, CallQuery };

/**
 * What Fastify is to send for a handler's value: the envelope around it for /wps calls, and for a
 * SerializedValue its JSON as it was built (a string payload skips the response serialiser: the
 * JSON was checked when it was built), with the spliced parts marked for the gzip splice.
 */
function payloadOf(def: CallDef, reply: FastifyReply, value: unknown): unknown {
  if (value instanceof SerializedValue) {
    if (value.parts) {
      const { head, bulk, tail } = value.parts;
      setSplicedBody(
        reply,
        def.wire === 'envelope'
          ? { head: `{"success":true,"value":${head}`, bulk, tail: `${tail}}` }
          : value.parts,
      );
    }
    // Returned for Fastify to send, not sent here: an async handler that sends must return the
    // reply, and Fastify then waits for the response to finish (listeners on the response per
    // request, a measurable part of the status call).
    reply.type('application/json; charset=utf-8');
    return def.wire === 'envelope' ? `{"success":true,"value":${value.json}}` : value.json;
  }
  return def.wire === 'envelope' ? { success: true as const, value } : value;
}

/**
 * A synchronous handler's payload for Fastify, which sends any value a handler returns except
 * undefined (it then waits for the handler to send): an empty answer is sent here.
 */
function sent(reply: FastifyReply, payload: unknown): unknown {
  if (payload === undefined) reply.send();
  return payload;
}

/**
 * Registers the handler of one declared call: request validated by the declaration's schemas,
 * response serialised by them, token checked when the declaration asks for one, and the value
 * wrapped in the envelope for /wps calls.
 */
export function registerCall<C extends CallDef>(app: FastifyInstance, def: C, handler: Handler<C>): void {
  const response = def.wire === 'envelope' ? okEnvelopeSchema(def.response) : def.response;
  const answerLater = async (req: FastifyRequest, reply: FastifyReply) => {
    const session = def.token ? await requireSession(req) : (req.session ?? null);
    const body = def.encrypted ? await openEncryptedBody(def, req) : req.body;
    return payloadOf(
      def,
      reply,
      await handler(new CallContext(req, reply, body, session) as HandlerContext<C>),
    );
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.id,
      summary: def.summary,
      tags: [def.moduleId],
      // The OpenAPI document says which calls need the token and which take an encrypted body.
      ...(def.token ? { security: [{ token: [] }] } : {}),
      ...(def.encrypted ? { 'x-encrypted': true } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.encrypted ? EncryptedBodySchema : def.body } : {}),
      response: { 200: response },
    },
    config: { call: def },
    ...(def.encrypted ? { attachValidation: true } : {}),
    // The token first: a caller without a live session learns nothing about the body the call
    // expects, and its body is not even read.
    ...(def.token
      ? {
          onRequest: async (req: FastifyRequest) => {
            await requireSession(req);
          },
        }
      : {}),
    // A call without a token or an encrypted body whose handler answers at once (the status call,
    // the catalogue reads) is answered without a promise: Fastify sends a plain return value
    // straight away, where a promise costs allocations and turns of the microtask queue per
    // request. The others wait for what they must.
    handler: (req, reply) => {
      if (def.token || def.encrypted) return answerLater(req, reply);
      const value = handler(new CallContext(req, reply, req.body, req.session ?? null) as HandlerContext<C>);
      return value instanceof Promise
        ? value.then((v) => payloadOf(def, reply, v))
        : sent(reply, payloadOf(def, reply, value));
    },
  });
}
