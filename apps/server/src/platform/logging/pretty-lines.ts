/**
 * The server's log as a person reads it (`npm start`, a terminal): one short line per event
 * instead of pino's JSON, e.g.
 *
 *   14:02:07 INFO  POST /wps/session/login 401 12 ms
 *   14:02:09 ERROR unhandled error  GET /wps/x 500 3 ms
 *       Error: boom
 *           at …
 *
 * Production keeps the JSON lines (LOG_FORMAT, main.ts): a log collector reads those.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '35' };

/** pino's own fields, and the request fields the line already shows. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

export interface PrettyOptions {
  /** ANSI colour on the level (a terminal). */
  colour?: boolean;
  /** The clock shown: local time of day by default. */
  timeOfDay?: (time: number) => string;
}

/** A formatter for LogOutput: one JSON line in, its readable line out (a line that is not JSON as it came). */
export function prettyLines(options: PrettyOptions = {}): (line: string) => string {
  const timeOfDay = options.timeOfDay ?? localTimeOfDay;
  return (line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return line;
    }
    if (entry === null || typeof entry !== 'object') return line;
    const level = typeof entry.level === 'number' ? entry.level : 30;
    const name = LEVELS[level] ?? String(level);
    const shownLevel = options.colour ? `\x1b[${COLOURS[level] ?? '0'}m${name}\x1b[0m` : name;
    const parts = [typeof entry.time === 'number' ? timeOfDay(entry.time) : '', shownLevel];
    const request = requestPart(entry);
    const msg = typeof entry.msg === 'string' ? entry.msg : '';
    // A request's completion line is the request itself; any other line says its message first.
    if (msg && !(request && msg === 'request completed')) parts.push(msg);
    if (request) parts.push(request);
    const extra = Object.entries(entry)
      .filter(([k, v]) => !SHOWN.has(k) && v !== undefined)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
    parts.push(...extra);
    let out = parts.filter(Boolean).join(' ');
    const err = errorPart(entry.err);
    if (err) out += `\n${err}`;
    return `${out}\n`;
  };
}

function requestPart(entry: Record<string, unknown>): string {
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  const res = entry.res as { statusCode?: unknown } | undefined;
  const bits: string[] = [];
  if (req && typeof req.method === 'string') bits.push(req.method);
  if (req && typeof req.url === 'string') bits.push(req.url);
  if (res && typeof res.statusCode === 'number') bits.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') bits.push(`${Math.round(entry.responseTime)} ms`);
  return bits.join(' ');
}

/** An error's stack (or its type and message), indented under its line. */
function errorPart(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const e = err as { type?: unknown; message?: unknown; stack?: unknown };
  const text =
    typeof e.stack === 'string'
      ? e.stack
      : `${typeof e.type === 'string' ? e.type : 'Error'}: ${typeof e.message === 'string' ? e.message : ''}`;
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

function localTimeOfDay(time: number): string {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * The log's form for this process: LOG_FORMAT=json or pretty when set; otherwise readable lines
 * on a terminal outside production, and JSON everywhere else (a pipe, a file, a collector).
 * `npm start` asks for pretty lines (scripts/start.ts).
 */
export function logFormatOf(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): 'json' | 'pretty' {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  return stdoutIsTerminal && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}
