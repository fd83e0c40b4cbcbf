import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '@app/contract';
import { sendError } from '../platform/http/error-handler.ts';
import { runOpsCommand, UsageError } from './commands.ts';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The operator CLI's way into a running server that owns an embedded database: only from this
 * machine, and only with the token the server wrote into its data-directory lock file.
 */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ops/command',
    {
      schema: {
        hide: true,
        body: z.object({
          argv: z.array(z.string().max(100_000)).max(40),
          // The OS user who ran the CLI, recorded as the actor of audited commands (decision 031).
          operator: z.string().min(1).max(64).optional(),
        }),
      },
    },
    async (req, reply) => {
      const token = app.ctx.opsToken;
      const given = req.headers['x-ops-token'];
      const local =
        req.socket.remoteAddress === '127.0.0.1' ||
        req.socket.remoteAddress === '::1' ||
        req.socket.remoteAddress === '::ffff:127.0.0.1';
      if (!token || !local || typeof given !== 'string' || !sameToken(given, token)) {
        return sendError(reply, Errors.forbidden, {
          message: 'Operator commands are accepted only from the operator CLI on this machine',
        });
      }
      try {
        return { success: true, value: await runOpsCommand(app.ctx, req.body.argv, req.body.operator) };
      } catch (err) {
        if (err instanceof UsageError) return sendError(reply, Errors.invalidInput, { message: err.message });
        throw err;
      }
    },
  );
}
