import type { FastifyInstance } from 'fastify';
import {
  answerAgentContract,
  getAgentContractHistory,
  getAgentContractStatements,
  simulateAgentContract,
  getAgentContracts,
  modifyAgentContract,
  offerAgentContract,
  processContractDividend,
  processContractHourSalary,
  processContractHourSalaryMCS2,
  processDailySalaryContract,
  processDailySalContractMCS2,
  processDividendReqMCS2,
  processRealTimeSalaryContract,
  terminateAgentContract,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireAgent } from '../../platform/auth/session.ts';

/**
 * Agent contracts (issue 30): the upline's offer, modification and termination request, the
 * downline's answers and the original's seven relays of the contract modal (research §2.3). The
 * relays' payloads are the research's; where the original's wire shows none (`confirm`, the
 * higher-rate confirmation), ours is described in agent-contracts-calls.ts.
 */
export async function agentContractRoutes(app: FastifyInstance): Promise<void> {
  const { agentContracts, contractReads } = app.ctx;
  const me = (session: Parameters<typeof requireAgent>[0]) => requireAgent(session).memberId;

  registerCall(app, getAgentContracts, ({ session, query }) => agentContracts.list(me(session), query.kind));
  registerCall(app, getAgentContractHistory, ({ session, query }) =>
    agentContracts.history(me(session), query.contractId),
  );
  // Settlement's statements and the simulator (contract-reads.ts).
  registerCall(app, getAgentContractStatements, ({ session, query }) =>
    contractReads.statements(me(session), query),
  );
  registerCall(app, simulateAgentContract, ({ session, body }) => contractReads.simulate(me(session), body));
  registerCall(app, offerAgentContract, ({ session, body }) => agentContracts.offer(me(session), body));
  registerCall(app, modifyAgentContract, ({ session, body }) => agentContracts.modify(me(session), body));
  registerCall(app, terminateAgentContract, ({ session, body }) =>
    agentContracts.requestTermination(me(session), body),
  );
  registerCall(app, answerAgentContract, ({ session, body }) => agentContracts.answer(me(session), body));

  // The modal's relays: the dividend by its line, the others by the contract's id.
  registerCall(app, processContractDividend, ({ session, query }) =>
    agentContracts.answerDividendWire(me(session), {
      productType: query.productType,
      period: query.computationPeriod,
      status: query.status,
      confirm: query.confirm,
    }),
  );
  registerCall(app, processDividendReqMCS2, ({ session, query }) =>
    agentContracts.answerDividendWire(me(session), {
      productType: query.type,
      status: query.status,
      confirm: query.confirm,
    }),
  );
  registerCall(app, processDailySalaryContract, ({ session, query }) =>
    agentContracts.answerWireById(me(session), 'dailySalary', query),
  );
  registerCall(app, processDailySalContractMCS2, ({ session, query }) =>
    agentContracts.answerWireById(me(session), 'dailySalary', query),
  );
  registerCall(app, processContractHourSalary, ({ session, body }) =>
    agentContracts.answerWireById(me(session), 'hourlySalary', { ...body, id: body.contractId }),
  );
  registerCall(app, processContractHourSalaryMCS2, ({ session, body }) =>
    agentContracts.answerWireById(me(session), 'hourlySalary', { ...body, id: body.contractId }),
  );
  registerCall(app, processRealTimeSalaryContract, ({ session, body }) =>
    agentContracts.answerWireById(me(session), 'realTimeSalary', { ...body, id: body.contractId }),
  );
}
