import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createStreamTicket, Errors, EventsQuerySchema, openEventStream } from '@app/contract';
import { registerCall } from '../http/register-calls.ts';
import { fail } from '../http/errors.ts';

/**
 * The live stream (MB-14): `POST /wps/events/ticket` with the token, then
 * `GET /wps/events?ticket=` as server-sent events (events.ts in the contract says why a ticket).
 */
export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const { streams, rateLimiter } = app.ctx;

  registerCall(app, createStreamTicket, async ({ session }) => {
    // Counted in the database, so the bound holds whichever instance is asked (issue 28: one
    // session took 2,000 tickets and opened as many streams).
    await rateLimiter.consume(
      `stream-ticket:${session.sessionId}`,
      { limit: streams.policy.ticketsPerMinute, windowMs: 60_000 },
      'Too many stream tickets for this session: try again in a minute',
    );
    return streams.issueTicket(session.sessionId, session.memberId);
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    openEventStream.path,
    {
      schema: {
        operationId: openEventStream.id,
        summary: openEventStream.summary,
        tags: [openEventStream.moduleId],
        querystring: EventsQuerySchema,
        response: { 200: openEventStream.response },
      },
    },
    async (req, reply) => {
      const session = await streams.redeemTicket(req.query.ticket);
      if (!session) throw fail(Errors.streamTicketInvalid);
      reply.hijack();
      streams.attach(reply.raw, session, (err) => req.log.warn({ err }, 'event stream read failed'));
    },
  );

  // Open streams would hold the server's close until their clients leave.
  app.addHook('preClose', () => streams.closeAll());
}
