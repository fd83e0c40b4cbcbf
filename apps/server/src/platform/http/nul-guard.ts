import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '@app/contract';
import { fail } from './errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte that reaches a query fails it (22021), which
 * would be a 500 and a stack in the log for what is only bad input. Requests are checked at the
 * edge instead, whatever the call, so a call added later is covered without thinking of it.
 */
const NUL = '\u0000';

/**
 * How deep a request's value may nest. No call of ours takes more than a few levels; a body nested
 * thousands deep (30 kB of `{"a":` is enough) would otherwise exhaust the stack of any walk over it,
 * this guard's first, and answer 500.
 */
export const MAX_NESTING = 32;

/** A value nested deeper than MAX_NESTING, found at `path`. */
class TooDeep {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
}

/**
 * Where in a parsed value the first NUL sits (a string or a key holding it), else null. Throws
 * TooDeep past MAX_NESTING levels (nulProblem turns that into its refusal).
 */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  // A binary body (an upload's Buffer) holds numbers under index keys: no text, and walking its
  // entries would cost one pair per byte.
  if (ArrayBuffer.isView(value)) return null;
  if (depth >= MAX_NESTING) throw new TooDeep(path);
  const isArray = Array.isArray(value);
  // Runs on every request: a part's path is spelled only where there is something to look into.
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const lookInto =
      typeof inner === 'string' ? inner.includes(NUL) : inner !== null && typeof inner === 'object';
    if (!lookInto && !key.includes(NUL)) continue;
    const at = isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = nulPath(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The sentence a caller can act on, for a NUL found in one part of the request (or nesting past MAX_NESTING), else null. */
export function nulProblem(part: 'query' | 'body' | 'header' | 'path', value: unknown): string | null {
  let at: string | null;
  try {
    at = nulPath(value);
  } catch (err) {
    if (!(err instanceof TooDeep)) throw err;
    return `Invalid ${part}: ${err.path || part} nests deeper than ${MAX_NESTING} levels`;
  }
  if (at === null) return null;
  return `Invalid ${part}: ${at || part} contains a NUL character (\\u0000), which no text field accepts`;
}

/** Checks the query, path parameters, parsed body and header values of a request. */
export function requestNulProblem(req: FastifyRequest): string | null {
  return (
    nulProblem('header', req.headers) ??
    nulProblem('path', req.params) ??
    nulProblem('query', req.query) ??
    nulProblem('body', req.body)
  );
}

/** Refuses a part of the request holding a NUL: 422 invalid.input saying where. */
export function refuseNul(part: 'query' | 'body' | 'header' | 'path', value: unknown): void {
  const problem = nulProblem(part, value);
  if (problem) throw fail(Errors.invalidInput, { message: problem });
}

/**
 * Every route, present and future, declared or not: the request is checked once it is parsed and
 * before its schema runs. Encrypted calls are checked again once decrypted (register-calls.ts).
 */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: it never waits, and a promise per request was measurable.
  app.addHook('preValidation', (req, _reply, done) => {
    const problem = requestNulProblem(req);
    done(problem ? fail(Errors.invalidInput, { message: problem }) : undefined);
  });
}

/**
 * A raw JSON body read as text (a signed callback, whose signature covers the bytes), parsed once
 * its signature held: refused as malformed JSON, or with 422 when a string in it holds a NUL. The
 * edge guard sees only the text, where a NUL is the six characters `\u0000`.
 */
export function parseJsonText(raw: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw fail(Errors.malformedJson);
  }
  refuseNul('body', json);
  return json;
}
