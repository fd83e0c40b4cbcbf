import type { FastifyInstance } from 'fastify';
import { backoffice } from '@app/contract';
import { actorOf, registerBoCall } from './backoffice.routes.ts';

/**
 * The Agents section's calls (issue 31, decision 037): reads need agent.read, the re-run of a
 * period (and its dry run) agent.settle; the re-run acts through the agents service, audited.
 */
export async function agentsBoRoutes(app: FastifyInstance): Promise<void> {
  const { staff: staffService, agentsBo } = app.ctx;
  const bo = backoffice;

  registerBoCall(app, staffService, bo.boAgentTree, ({ query }) => agentsBo.tree(query));
  registerBoCall(app, staffService, bo.boAgentSearch, ({ query }) => agentsBo.search(query));
  registerBoCall(app, staffService, bo.boAgentProfile, ({ query }) => agentsBo.profile(query));
  registerBoCall(app, staffService, bo.boAgentContracts, ({ query }) => agentsBo.contracts(query.id));
  registerBoCall(app, staffService, bo.boAgentStatements, ({ query }) => agentsBo.statements(query));
  registerBoCall(app, staffService, bo.boAgentRerunPreview, ({ staff, body, caller }) =>
    agentsBo.rerun(actorOf(staff, caller), body, null),
  );
  registerBoCall(app, staffService, bo.boAgentRerun, ({ staff, body, caller }) =>
    agentsBo.rerun(actorOf(staff, caller), body, body.reason),
  );
}
