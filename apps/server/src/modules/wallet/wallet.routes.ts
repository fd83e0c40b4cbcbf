import type { FastifyInstance } from 'fastify';
import {
  getBalance,
  getMerchantWallet,
  getUplineTransfer,
  transferToUpline,
  walletTransfer,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { wallet } = app.ctx;
  registerCall(app, getBalance, ({ session }) => wallet.balance(session.memberId));
  registerCall(app, getMerchantWallet, () => wallet.merchantWallet());
  // Trial accounts (type 4) play with free-play money only: no transfers of any kind.
  registerCall(app, walletTransfer, ({ session, body }) =>
    wallet.transferBetweenWallets(requireRealAccount(session).memberId, body),
  );
  registerCall(app, getUplineTransfer, ({ session }) => wallet.uplineInfo(session.memberId));
  registerCall(app, transferToUpline, ({ session, body }) =>
    wallet.transferToUpline(requireRealAccount(session).memberId, body),
  );
}
