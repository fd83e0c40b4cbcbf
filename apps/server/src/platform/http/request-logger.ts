import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  pino,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Level,
  type LogFn,
  type Logger,
  type LoggerOptions,
} from 'pino';

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
  readonly #root: Logger;
  readonly #bindings: Bindings;
  #made: FastifyBaseLogger | undefined;

  constructor(root: Logger, bindings: Bindings) {
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
 * A request's logger: the lazy one above, unless the route asks for a level or serializers of its
 * own (none does today); that gets pino's child at once.
 */
function requestLoggerOf(root: Logger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return root.child(bindings, options);
  return new LazyRequestLogger(root, bindings);
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

/** What the platform's log is given: pino's options, and where the lines go (stdout if unsaid). */
export type PlatformLoggerOptions = LoggerOptions & { stream?: DestinationStream };

/**
 * The platform's root logger: pino, with the serializers Fastify gives its own (a request and a
 * reply logged as their few telling fields, an error with its type and stack).
 */
export function createPlatformLogger({ stream, ...options }: PlatformLoggerOptions): Logger {
  return pino(
    {
      ...options,
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: req.url,
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
        ...options.serializers,
      },
    },
    stream ?? pino.destination(1),
  );
}

/**
 * The Fastify options of a server that logs to `root`.
 *
 * Fastify's own logger is off and each request's logger is made from `root` by the factory: a
 * server given a logger has Fastify follow the end of every response (a clock read, a closure and
 * two listeners added and removed per request) to write "request completed", also at levels that
 * drop the line; without one it does so only for routes with an onResponse hook. Those listeners
 * and Fastify's check of each custom child logger showed in the status call's CPU profile (decision
 * 015, seventh pass). `watchResponses` says whether the server must ask for it: when the root
 * writes `info`. (A request that raises its own level past the root's
 * then logs its own lines, but not Fastify's completion line.)
 */
export function requestLogging(root: Logger) {
  return {
    fastifyOptions: {
      childLoggerFactory: (_parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
        requestLoggerOf(root, bindings, options),
      logController: new RequestLogController(),
    },
    watchResponses: root.isLevelEnabled('info'),
  };
}
