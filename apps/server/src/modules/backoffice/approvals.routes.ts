import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The approval queues' calls (issue 31, decision 031 "Approvals"): each is checked against its
 * permission (deposit.approve, withdrawal.approve) before the body is read, and acts through the
 * approvals service, the CLI's path too.
 */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, approvals } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boDepositQueue, ({ staff, query, caller }) =>
    approvals.depositQueue(actorOf(staff, caller), query),
  );
  registerBoCall(app, staffService, bo.boDepositDetail, ({ staff, query, caller }) =>
    approvals.depositDetail(actorOf(staff, caller), query.id),
  );
  registerBoCall(app, staffService, bo.boDepositApprove, ({ staff, body, caller }) =>
    approvals.approveDeposit(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boDepositReject, ({ staff, body, caller }) =>
    approvals.rejectDeposit(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boWithdrawalQueue, ({ staff, query, caller }) =>
    approvals.withdrawalQueue(actorOf(staff, caller), query),
  );
  registerBoCall(app, staffService, bo.boWithdrawalDetail, ({ staff, query, caller }) =>
    approvals.withdrawalDetail(actorOf(staff, caller), query.id),
  );
  registerBoCall(app, staffService, bo.boWithdrawalApprove, ({ staff, body, caller }) =>
    approvals.approveWithdrawal(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boWithdrawalReject, ({ staff, body, caller }) =>
    approvals.rejectWithdrawal(actorOf(staff, caller), body.id, body.reason),
  );
  registerBoCall(app, staffService, bo.boWithdrawalPay, ({ staff, body, caller }) =>
    approvals.payWithdrawal(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boWithdrawalRefund, ({ staff, body, caller }) =>
    approvals.refundWithdrawal(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boWithdrawalDismiss, ({ staff, body, caller }) =>
    approvals.dismissWithdrawal(actorOf(staff, caller), body.id, body.note),
  );
  registerBoCall(app, staffService, bo.boWithdrawalProof, ({ query }) => approvals.withdrawalProof(query.id));
}
