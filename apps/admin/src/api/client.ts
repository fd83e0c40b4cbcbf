import type { z } from 'zod';
import { backoffice, type CallBody, type CallQuery, type CallValue } from '@app/contract';

/**
 * The back office's one way to the server: a call declared in the contract's `backoffice`
 * section, sent with the staff token, its envelope opened and its answer parsed by the call's own
 * response schema. Every screen reaches the server through here (the data provider, the auth
 * provider, the sign-in steps), so a session that idled out on the server is noticed in one place.
 */

const TOKEN_KEY = 'bo.token';

/** The staff token of this tab; sessionStorage, so it dies with the tab and is never shared with the players' site. */
export const tokenStore = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

/** A refusal of the server (or of the network), with the contract's error code. */
export class BoError extends Error {
  readonly code: string;
  /** HTTP status; 0 when the server could not be reached. */
  readonly statusCode: number;
  constructor(code: string, statusCode: number, message: string) {
    super(message);
    this.name = 'BoError';
    this.code = code;
    this.statusCode = statusCode;
  }
}

/** The codes that mean the session is gone: the console goes back to sign-in. */
const SESSION_GONE = new Set<string>([
  backoffice.BackofficeErrors.boSessionEnded.code,
  backoffice.BackofficeErrors.boNotSignedIn.code,
]);

export const isSessionGone = (err: unknown): boolean => err instanceof BoError && SESSION_GONE.has(err.code);

type Listener = (err: BoError) => void;
const sessionGoneListeners = new Set<Listener>();

/** Called when any call answers that the session has ended (idled out, signed out elsewhere, account disabled). */
export function onSessionGone(listener: Listener): () => void {
  sessionGoneListeners.add(listener);
  return () => sessionGoneListeners.delete(listener);
}

/** When the last call went through: the console's idle clock starts again from it. */
let lastActivity = Date.now();
export const lastCallAt = (): number => lastActivity;

type BoCall = backoffice.BoCallDef;

export interface CallInput<C extends BoCall> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
  /** A raw body (an image upload): sent as is, with its own type. */
  raw?: Blob;
  /** For the sign-in's second step: the token of the half-open session, before it is stored. */
  token?: string;
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function boCall<C extends BoCall>(def: C, input: CallInput<C> = {}): Promise<CallValue<C>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = input.token ?? tokenStore.get();
  if (token && def.access !== 'public') headers.authorization = token;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  if (input.raw) headers['content-type'] = input.raw.type || 'application/octet-stream';
  let res: Response;
  try {
    res = await fetch(def.path + queryString(input.query as Record<string, unknown> | undefined), {
      method: def.method,
      headers,
      ...(input.raw
        ? { body: input.raw }
        : input.body !== undefined
          ? { body: JSON.stringify(input.body) }
          : {}),
    });
  } catch {
    throw new BoError('network', 0, 'The server cannot be reached: check the connection and try again');
  }
  let envelope: { success?: boolean; value?: unknown; errorCode?: string; message?: string };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new BoError('http', res.status, `The server answered ${res.status} without a readable body`);
  }
  if (!res.ok || envelope.success !== true) {
    const err = new BoError(
      envelope.errorCode ?? 'http',
      res.status,
      envelope.message ?? `The server answered ${res.status}`,
    );
    if (SESSION_GONE.has(err.code)) sessionGoneListeners.forEach((l) => l(err));
    throw err;
  }
  lastActivity = Date.now();
  const parsed = (def.response as z.ZodType).safeParse(envelope.value);
  if (!parsed.success)
    throw new BoError('contract', res.status, `The server's answer to ${def.id} does not match the contract`);
  return parsed.data as CallValue<C>;
}
