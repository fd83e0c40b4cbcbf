import type { FastifyInstance } from 'fastify';
import {
  addBankAccount,
  cancelWithdrawal,
  deleteBankAccount,
  deleteWithdrawProof,
  Errors,
  getPaymentConfirmationList,
  getWithdrawal,
  getWithdrawProof,
  getWithdrawSettings,
  listBankAccounts,
  listBanks,
  listWithdrawals,
  processC2CTransaction,
  submitWithdraw,
  uploadWithdrawProof,
  WithdrawProofLimits,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireRealAccount } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import { acceptUploadBody } from '../../platform/http/upload-body.ts';

/** Raw image bodies of the proof upload; the bytes' own signature decides their type, not this header. */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'application/octet-stream'];

/**
 * Bank accounts and withdrawals. Every call is the member's own: ids of another member's records
 * find nothing (404), and trial accounts are refused (403 in_need_true_account, spec B §6).
 */
export async function withdrawRoutes(app: FastifyInstance): Promise<void> {
  const { withdrawals } = app.ctx;
  const me = (session: Parameters<typeof requireRealAccount>[0]) => requireRealAccount(session).memberId;

  // Only the proof upload reads a raw body, never more than 5 MB of it, however it is sent.
  acceptUploadBody(app, {
    callId: uploadWithdrawProof.id,
    types: UPLOAD_TYPES,
    maxBytes: WithdrawProofLimits.maxBytes,
    tooLarge: Errors.withdrawProofTooLarge,
  });

  registerCall(app, listBanks, ({ session }) => {
    me(session);
    return withdrawals.banks();
  });
  registerCall(app, listBankAccounts, ({ session }) => withdrawals.bankAccounts(me(session)));
  registerCall(app, addBankAccount, ({ session, body }) => withdrawals.addBankAccount(me(session), body));
  registerCall(app, deleteBankAccount, async ({ session, body }) => {
    await withdrawals.deleteBankAccount(me(session), body.id);
    return { deleted: true as const };
  });

  registerCall(app, getWithdrawSettings, ({ session }) => withdrawals.settings(me(session)));
  registerCall(app, submitWithdraw, ({ session, body }) => withdrawals.request(me(session), body));
  registerCall(app, listWithdrawals, ({ session, query }) => withdrawals.list(me(session), query));
  registerCall(app, getWithdrawal, ({ session, query }) => withdrawals.detail(me(session), query.id));
  registerCall(app, cancelWithdrawal, ({ session, body }) => withdrawals.cancel(me(session), body.id));
  registerCall(app, getPaymentConfirmationList, ({ session }) =>
    withdrawals.awaitingConfirmation(me(session)),
  );
  registerCall(app, processC2CTransaction, ({ session, body }) => withdrawals.confirm(me(session), body));

  registerCall(app, uploadWithdrawProof, ({ session, query, req }) => {
    const memberId = me(session);
    if (!Buffer.isBuffer(req.body))
      throw fail(Errors.withdrawProofType, {
        message: 'Send the png or jpg file itself as the body (Content-Type image/png or image/jpeg)',
      });
    return withdrawals.addProof(memberId, query.withdrawalId, req.body);
  });
  registerCall(app, getWithdrawProof, ({ session, query }) => withdrawals.proof(me(session), query.id));
  registerCall(app, deleteWithdrawProof, async ({ session, body }) => {
    await withdrawals.deleteProof(me(session), body.id);
    return { deleted: true as const };
  });
}
