import { useEffect, useRef } from 'react';
import type { CallBody, CallDef, CallQuery, CallValue, Errors } from '@app/contract';
import { peekBrand } from '../brand/brand.ts';
import { i18n } from '../i18n/i18n.ts';
import { clearSession, readToken } from '../session/session.ts';
import { ApiError, ClientErrorCodes } from './api-error.ts';
import type { CallRef } from './call-ref.ts';

/** A call as the client needs it: the contract's CallDef itself, or a schema-free CallRef of it. */
type Callable<C extends CallDef> = C | CallRef<C>;

export interface CallOptions<C extends CallDef> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
  signal?: AbortSignal;
  /** Extra headers (for example a captcha session); the standard ones are set unless `plain`. */
  headers?: Record<string, string>;
  /**
   * Sends none of the wire's headers. For the brand config only: index.html preloads it before any
   * script runs, and the browser answers a request from a preload only when it asks the same, with
   * no headers of its own (the config is the same for everyone and is read before the merchant is known).
   */
  plain?: boolean;
  /**
   * A call the player did not make (a poll): sent with `Session-Activity: passive`, so it neither
   * extends the session's idle time-out on the server nor moves `lastSessionCallAt` (decision 050).
   * Any call sent over a minute after the player's last key or tap goes as passive too.
   */
  passive?: boolean;
}

/**
 * Encrypted calls (DESIGN.md §2) need the server's public key and WebCrypto; the accounts feature
 * plugs its encoder in here so the client stays free of it until a page needs it.
 */
export type EncryptedBodyEncoder = (
  def: { id: string; path: string },
  body: unknown,
) => Promise<{ body: unknown; headers: Record<string, string> }>;

let encryptedBodyEncoder: EncryptedBodyEncoder | null = null;
export function setEncryptedBodyEncoder(encoder: EncryptedBodyEncoder | null): void {
  encryptedBodyEncoder = encoder;
}

/**
 * The four server codes the client itself acts on, as literals: reading them from the contract's
 * `Errors` object put the whole catalogue (every refusal's sentence, about 2 kB gzip) into the
 * entry chunk, since a bundler keeps an object whole. The type ties each literal to its catalogue
 * entry, so a code changed there fails to compile here.
 */
const Codes = {
  systemError: 'system.error',
  notLoggedIn: 'user.or.token.invalid',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
} as const satisfies {
  [K in 'systemError' | 'notLoggedIn' | 'maintenance' | 'regionRestricted']: (typeof Errors)[K]['code'];
};

/** Without an answer for this long the call counts as a network failure. */
export const CALL_TIMEOUT_MS = 30_000;

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
const closedListeners = new Set<Listener>();

/**
 * Runs `listener` when a call is refused with `user.or.token.invalid`. The client has already
 * cleared the session by then; the app shell goes home, the accounts feature opens the login popup.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Runs `listener` when a call is refused because the site is in maintenance or region-blocked. */
export function onSystemClosed(listener: Listener): () => void {
  closedListeners.add(listener);
  return () => closedListeners.delete(listener);
}

/** React form of onUnauthorized; the latest handler runs, without re-subscribing each render. */
export function useOnUnauthorized(handler: Listener): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onUnauthorized((e) => latest.current(e)), []);
}

function networkError(): ApiError {
  return new ApiError({
    status: 0,
    errorCode: ClientErrorCodes.network,
    message: i18n.t('error_network', { defaultValue: 'Network link abnormal, please retry' }),
  });
}

function systemError(status: number, errorCode: string = Codes.systemError): ApiError {
  return new ApiError({
    status,
    errorCode,
    message: i18n.t('error_system', { defaultValue: 'System error, please try again later' }),
  });
}

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The request headers of the wire (DESIGN.md §2, SY-28). */
export function standardHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Device: 'web', Language: i18n.language || 'en' };
  const merchant = peekBrand()?.merchant;
  if (merchant) headers.Merchant = merchant;
  const token = readToken();
  if (token) headers.Authorization = token;
  return headers;
}

function raise(error: ApiError, sentToken: boolean): never {
  if (error.errorCode === Codes.notLoggedIn) {
    if (sentToken) clearSession();
    for (const l of unauthorizedListeners) l(error);
  } else if (error.errorCode === Codes.maintenance || error.errorCode === Codes.regionRestricted) {
    for (const l of closedListeners) l(error);
  }
  throw error;
}

function isEnvelope(
  x: unknown,
): x is { success: boolean; value?: unknown; errorCode?: unknown; message?: unknown } {
  return typeof x === 'object' && x !== null && typeof (x as { success?: unknown }).success === 'boolean';
}

/** When the newest call carrying the session's token was sent (epoch ms; 0: none yet). */
let lastTokenCallAt = 0;

/**
 * A call sent this long after the player's last key, tap or click is a page's own (a poll that
 * marks itself passive or not): it goes as passive, so a page left open on the lottery, an order
 * or a promotion times out as one on the home page does (decision 050). A page's load counts as
 * the player's act.
 */
const PLAYER_CALL_WINDOW_MS = 60_000;
let lastInputAt = Date.now();
if (typeof window !== 'undefined') {
  const noteInput = () => {
    lastInputAt = Date.now();
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, noteInput, { capture: true, passive: true });
}

/**
 * The time-out warning opened: the player has been away by the session's own measure, so a page's
 * call from now on (a layout that mounts a list on a resize, a poll) goes as passive until the
 * player's next key or tap, which "Stay logged in" is: otherwise such a call would extend the
 * session under the open warning and close it with nobody there.
 */
export function forgetPlayerInput(): void {
  lastInputAt = -Infinity;
}

/** The server's idle time-out counts from the session's last call: the time-out warning reads this. */
export function lastSessionCallAt(): number {
  return lastTokenCallAt;
}

/**
 * Calls one operation of the contract: method and path from its declaration, the wire's headers,
 * the envelope unwrapped for `/wps` calls and bare bodies returned as they are. Every failure
 * becomes an ApiError {status, errorCode, message, value}.
 */
export async function call<C extends CallDef>(
  def: Callable<C>,
  options: CallOptions<C> = {},
): Promise<CallValue<C>> {
  const headers: Record<string, string> = options.plain
    ? { ...options.headers }
    : { ...standardHeaders(), ...options.headers };
  const sentToken = headers.Authorization !== undefined;
  const passive = options.passive || Date.now() - lastInputAt > PLAYER_CALL_WINDOW_MS;
  if (passive) headers['Session-Activity'] = 'passive';
  let body: unknown = options.body;
  if (def.encrypted && body !== undefined) {
    if (!encryptedBodyEncoder) {
      throw systemError(0, ClientErrorCodes.encryptionUnavailable);
    }
    const encoded = await encryptedBodyEncoder(def, body);
    body = encoded.body;
    Object.assign(headers, encoded.headers);
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  if (sentToken && !passive) lastTokenCallAt = Date.now();
  let res: Response;
  try {
    res = await fetch(buildUrl(def.path, options.query as Record<string, unknown> | undefined), {
      method: def.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    // The caller cancelled (a query went stale, a component unmounted): not a failure to report.
    if (options.signal?.aborted) throw e;
    throw networkError();
  }

  let payload: unknown;
  try {
    payload = res.status === 204 ? undefined : await res.json();
  } catch {
    if (options.signal?.aborted) throw new DOMException('The call was cancelled', 'AbortError');
    raise(
      res.ok ? systemError(res.status, ClientErrorCodes.badResponse) : systemError(res.status),
      sentToken,
    );
  }

  if (isEnvelope(payload) && payload.success === false) {
    raise(
      new ApiError({
        status: res.status,
        errorCode: typeof payload.errorCode === 'string' ? payload.errorCode : Codes.systemError,
        message:
          typeof payload.message === 'string' && payload.message
            ? payload.message
            : systemError(res.status).message,
        value: payload.value,
      }),
      sentToken,
    );
  }
  if (!res.ok)
    raise(systemError(res.status, res.status === 401 ? Codes.notLoggedIn : Codes.systemError), sentToken);
  if (def.wire === 'bare') return payload as CallValue<C>;
  if (!isEnvelope(payload)) raise(systemError(res.status, ClientErrorCodes.badResponse), sentToken);
  return payload.value as CallValue<C>;
}
