import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn } from 'pino';

/** What Fastify's root logger is: pino, whose level test this logger needs. */
type RootLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type PinoRoot = Required<RootLogger>;

/**
 * A request's logger, made only when the request logs something the level lets through.
 *
 * Fastify gives every request a pino child carrying its request id. Making that child (its
 * bindings turned into JSON, a new object on the parent's prototype) was the largest single cost
 * of a small call: about 4–5 µs of the status call's 20–25 µs on a slow machine, for a logger that
 * at `warn` writes nothing for almost every request (decision 015). This stands in for it: a level
 * the root logger drops is a no-op, and the first message it lets through makes the real child,
 * with the same bindings, so the line reads as before (`reqId` included).
 */
export class LazyRequestLogger {
  readonly #root: PinoRoot;
  readonly #bindings: Bindings;
  #made: FastifyBaseLogger | undefined;

  constructor(root: PinoRoot, bindings: Bindings) {
    this.#root = root;
    this.#bindings = bindings;
  }

  /** The real child, made on first use. */
  made(): FastifyBaseLogger {
    return (this.#made ??= this.#root.child(this.#bindings));
  }

  get level(): string {
    return this.#made ? this.#made.level : this.#root.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  /** Once made, the child decides (its level may have been changed for this request). */
  write(level: Level, args: unknown[]): void {
    if (this.#made === undefined && !this.#root.isLevelEnabled(level)) return;
    const logger = this.made() as unknown as Record<Level, (...a: unknown[]) => void>;
    logger[level](...args);
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
}

for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] satisfies Level[]) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]) {
    this.write(level, args);
  } as LogFn;
}
LazyRequestLogger.prototype.silent = function () {} as LogFn;

/**
 * Fastify's `childLoggerFactory`: the lazy logger above for a request, unless the route asks for
 * a level or serializers of its own (none does today) or the root logger cannot say which levels
 * it writes; those get pino's child at once, as Fastify would make it.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const root = logger as RootLogger;
  if (options.level !== undefined || options.serializers !== undefined || !root.isLevelEnabled)
    return logger.child(bindings, options);
  return new LazyRequestLogger(root as PinoRoot, bindings);
}

/** Levels above `info`: a logger at one of them drops Fastify's two lines per request. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);
const writesInfo = (request: FastifyRequest) => !ABOVE_INFO.has(request.log.level);

/**
 * Fastify's "incoming request" and "request completed" lines, asked for only when the request's
 * logger writes `info`: Fastify builds their arguments (the completion time among them) before the
 * logger drops them. A request that failed still logs its error, at any level.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (writesInfo(request)) super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || writesInfo(request)) super.requestCompleted(error, request, reply);
  }
}

/** The Fastify options of a server that logs: its request loggers and request lines as above. */
export function requestLogging() {
  return { childLoggerFactory: lazyRequestLogger, logController: new RequestLogController() };
}
