import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createAffiliateLink,
  deleteAffiliateLink,
  getAgentRegisterSettings,
  getDownlineRebate,
  listAffiliateLinks,
  listLinkRegistrations,
  registerDownline,
  setDownlineRebate,
} from '@app/contract';
import { registerCall } from '../../platform/http/register-calls.ts';
import { requireAgent } from '../../platform/auth/session.ts';
import type { SiteAddress } from './register.service.ts';

/** The address the caller reached us by (behind a trusted proxy, the one it was given). */
const reachedAt = (req: FastifyRequest): SiteAddress => ({ protocol: req.protocol, host: req.host });

/** The agent centre's register centre (issue 29): every call is an agent's, on its own team and links. */
export async function agentRegisterRoutes(app: FastifyInstance): Promise<void> {
  const { agentRegister } = app.ctx;
  registerCall(app, getAgentRegisterSettings, ({ session, req }) =>
    agentRegister.settings(requireAgent(session).memberId, reachedAt(req)),
  );
  registerCall(app, registerDownline, ({ session, body, req, caller }) =>
    agentRegister.registerDownline(requireAgent(session).memberId, body, reachedAt(req), caller),
  );
  registerCall(app, getDownlineRebate, ({ session, query }) =>
    agentRegister.downlineRebate(requireAgent(session).memberId, query.memberId),
  );
  registerCall(app, setDownlineRebate, ({ session, body }) =>
    agentRegister.setDownlineRebate(requireAgent(session).memberId, body),
  );
  registerCall(app, createAffiliateLink, ({ session, body, req }) =>
    agentRegister.createLink(requireAgent(session).memberId, body, reachedAt(req)),
  );
  registerCall(app, listAffiliateLinks, ({ session, query, req }) =>
    agentRegister.listLinks(requireAgent(session).memberId, query, reachedAt(req)),
  );
  registerCall(app, deleteAffiliateLink, ({ session, body }) =>
    agentRegister.deleteLink(requireAgent(session).memberId, body.id),
  );
  registerCall(app, listLinkRegistrations, ({ session, query }) =>
    agentRegister.linkRegistrations(requireAgent(session).memberId, query),
  );
}
