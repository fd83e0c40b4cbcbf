import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * The agent centre's Announcement page (issue 29; research/agent-contracts.md §1.1 `agentAnnouncement`,
 * §10 "title list and content; No announcement"). The original's agent bundle is not public: the
 * path and shape are ours, under /wps/agent, with the older menu's module key (AGENTANNOUNCE3).
 *
 * The operator addresses an announcement to everyone (ALL: the public announcement calls) or to
 * agents (AGENTS: this call only, for agent types 1, 2, 41, 42; others get agent.only).
 */

/** Who reads an announcement (migration 033). */
export const announcementAudiences = ['ALL', 'AGENTS'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

export const AGENT_ANNOUNCEMENTS_MAX_PAGE_SIZE = 50;

export const AgentAnnouncementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(AGENT_ANNOUNCEMENTS_MAX_PAGE_SIZE).default(10),
});
export type AgentAnnouncementsQuery = z.input<typeof AgentAnnouncementsQuerySchema>;

export const AgentAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML; the client sanitises it before rendering, as every announcement's. */
  content: z.string(),
  /** Publication time, epoch milliseconds. */
  time: z.number(),
});
export type AgentAnnouncement = z.infer<typeof AgentAnnouncementSchema>;

export const AgentAnnouncementsPageSchema = z.object({
  /** Newest first (the operator's sort order first, as the public notices). */
  list: z.array(AgentAnnouncementSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AgentAnnouncementsPage = z.infer<typeof AgentAnnouncementsPageSchema>;

export const getAgentAnnouncements = defineCall({
  id: 'getAgentAnnouncements',
  method: 'GET',
  path: '/wps/agent/announcements',
  moduleId: 'AGENTANNOUNCE3',
  token: true,
  summary: 'Agent centre announcements: what the operator publishes for agents, a page, newest first',
  query: AgentAnnouncementsQuerySchema,
  response: AgentAnnouncementsPageSchema,
});
