import type { FastifyInstance } from 'fastify';
import { getBalance } from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { wallet } = app.ctx;
  registerCall(app, getBalance, ({ session }) => wallet.balance(session!.memberId));
}
