import type { FastifyInstance } from 'fastify';
import {
  cancelDepositOrder,
  createDepositOrder,
  getDepositChannels,
  getDepositOrder,
  listDepositOrders,
  SANDBOX_NOTIFY_PATH,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';
import { sandboxPages } from './sandbox-pages.ts';

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { deposits } = app.ctx;
  // Every deposit call is the member's own and closed to trial accounts (type 4).
  const member = (session: Parameters<typeof requireRealAccount>[0]) => requireRealAccount(session).memberId;
  registerCall(app, getDepositChannels, ({ session }) => {
    member(session);
    return deposits.listChannels();
  });
  registerCall(app, createDepositOrder, ({ session, body }) => deposits.createOrder(member(session), body));
  registerCall(app, listDepositOrders, ({ session, query }) => deposits.listOrders(member(session), query));
  registerCall(app, getDepositOrder, ({ session, query }) =>
    deposits.getOrder(member(session), query.orderNo),
  );
  registerCall(app, cancelDepositOrder, ({ session, body }) =>
    deposits.cancelOrder(member(session), body.orderNo),
  );

  // The gateway's notification: its signature covers the raw bytes, so this route (in its own
  // scope) reads the body as text and parses it only after the signature holds.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(SANDBOX_NOTIFY_PATH, { schema: { hide: true } }, async (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const value = await deposits.handleSandboxNotify(
        typeof req.body === 'string' ? req.body : '',
        header(SANDBOX_TIMESTAMP_HEADER),
        header(SANDBOX_SIGNATURE_HEADER),
      );
      return { success: true, value };
    });
  });

  await app.register(sandboxPages);
}
