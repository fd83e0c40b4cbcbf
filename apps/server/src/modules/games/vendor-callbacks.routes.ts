import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors } from '@app/contract';
import { fail } from '../../platform/http/errors.ts';
import { parseJsonText } from '../../platform/http/nul-guard.ts';

/** Where a vendor's seamless-wallet callbacks arrive (decision 019). */
export const vendorWalletPath = (code: string, op: string) => `/vendor/${code}/wallet/${op}`;

const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'an id of 1-100 of A-Z a-z 0-9 _ . : -');
const playerId = z.string().regex(/^[1-9][0-9]{0,15}$/, 'playerId is the id the launch gave the vendor');
const BalanceBody = z.object({ playerId });
const MoveBody = z.object({
  playerId,
  transactionId: id,
  roundId: id,
  amount: z.number().int().min(0),
  currency: z.string().max(8),
  gameCode: z.string().max(100).optional(),
  gameName: z.string().max(200).optional(),
  gameType: z.string().max(16).optional(),
});
const RollbackBody = z.object({
  playerId,
  transactionId: id,
  roundId: id,
  debitTransactionId: id,
  currency: z.string().max(8).optional(),
});

function parse<T>(schema: z.ZodType<T>, raw: string): T {
  const parsed = schema.safeParse(parseJsonText(raw));
  if (!parsed.success)
    throw fail(Errors.invalidInput, {
      message: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    });
  return parsed.data;
}

/**
 * POST /vendor/<code>/wallet/balance|debit|credit|rollback: a vendor's seamless-wallet callbacks.
 * The signature covers the raw body, so these routes (in their own scope) read it as text and
 * parse it only after the adapter of the code accepted the signature. Answers the envelope with
 * `{balance, currency, applied, roundStatus}` (minor units); refusals are the catalogue's.
 */
export async function vendorCallbackRoutes(app: FastifyInstance): Promise<void> {
  const { vendors, seamlessWallet, wallet } = app.ctx;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { code: string; op: string } }>(
      '/vendor/:code/wallet/:op',
      { schema: { hide: true } },
      async (req) => {
        const { code, op } = req.params;
        if (!/^[A-Z0-9_]{1,32}$/.test(code) || !['balance', 'debit', 'credit', 'rollback'].includes(op))
          throw fail(Errors.notFound, { message: 'No such vendor callback' });
        // No adapter, no callback: a code the catalogue merely lists has no vendor whose signature
        // could be checked, and the sandbox's secret must not speak for it.
        const adapter = vendors.callbackAdapterFor(code);
        if (!adapter)
          throw fail(Errors.notFound, { message: `No vendor ${code} takes wallet callbacks here` });
        const rawBody = typeof req.body === 'string' ? req.body : '';
        adapter.verifyCallback({
          method: 'POST',
          path: vendorWalletPath(code, op),
          headers: req.headers,
          rawBody,
        });
        const currency = wallet.currency().code;
        if (op === 'balance') {
          const b = parse(BalanceBody, rawBody);
          return {
            success: true,
            value: { balance: await seamlessWallet.balance(Number(b.playerId)), currency },
          };
        }
        if (op === 'rollback') {
          const b = parse(RollbackBody, rawBody);
          if (b.currency !== undefined && b.currency !== currency)
            throw fail(Errors.invalidInput, { message: `currency is ${currency}` });
          const value = await adapter.rollback({
            vassalage: code,
            memberId: Number(b.playerId),
            transactionId: b.transactionId,
            roundId: b.roundId,
            debitTransactionId: b.debitTransactionId,
          });
          return { success: true, value };
        }
        const b = parse(MoveBody, rawBody);
        if (b.currency !== currency) throw fail(Errors.invalidInput, { message: `currency is ${currency}` });
        const movement = {
          vassalage: code,
          memberId: Number(b.playerId),
          transactionId: b.transactionId,
          roundId: b.roundId,
          amount: b.amount,
          gameCode: b.gameCode,
          gameName: b.gameName,
          gameType: b.gameType,
        };
        const value = op === 'debit' ? await adapter.debit(movement) : await adapter.credit(movement);
        return { success: true, value };
      },
    );
  });
}
