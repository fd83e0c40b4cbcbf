import { create } from 'zustand';
import { sessionStore } from '../storage/storage.ts';

/** Session storage keys of the spec (spec A §3): the raw token and the numeric agent type. */
export const SESSION_TOKEN_KEY = 'token';
export const SESSION_AGENT_KEY = 'isAgent';

export function readToken(): string | null {
  const token = sessionStore.get(SESSION_TOKEN_KEY);
  return token ? token : null;
}

export function readAgentType(): number | null {
  const raw = sessionStore.get(SESSION_AGENT_KEY);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) ? n : null;
}

export interface SessionState {
  token: string | null;
  /** Member info `type` (0 member, 1/2 agents, 4 trial, 40, 41, 42); null until known. */
  agentType: number | null;
}

/**
 * The session as components see it. Session storage stays the source of truth (the http client
 * reads the token from it); this store only makes components re-render on login and logout.
 */
export const useSession = create<SessionState>(() => ({ token: readToken(), agentType: readAgentType() }));

export function saveSession(session: { token: string; agentType?: number | null }): void {
  sessionStore.set(SESSION_TOKEN_KEY, session.token);
  const agentType = session.agentType ?? null;
  if (agentType === null) sessionStore.remove(SESSION_AGENT_KEY);
  else sessionStore.set(SESSION_AGENT_KEY, String(agentType));
  useSession.setState({ token: session.token, agentType });
}

export function saveAgentType(agentType: number): void {
  sessionStore.set(SESSION_AGENT_KEY, String(agentType));
  useSession.setState({ agentType });
}

export function clearSession(): void {
  sessionStore.remove(SESSION_TOKEN_KEY);
  sessionStore.remove(SESSION_AGENT_KEY);
  useSession.setState({ token: null, agentType: null });
}

/** Logged in means a token is in session storage (spec A §4). */
export function useIsLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}
