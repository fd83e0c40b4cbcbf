import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { LogOutput } from '../logging/log-output.ts';
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

/** The level a finished request is logged at when it did not fail with an error. */
export function completedLevel(statusCode: number): Level {
  // A routine answer is detail (debug); a refused call (4xx) is what someone trying the site or
  // reading a server's log wants to see; a server error is always an error.
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/** Whether a logger at `loggerLevel` writes lines of `level` (pino's numbering; silent writes none). */
function writes(loggerLevel: string, level: Level): boolean {
  const at = pino.levels.values[loggerLevel];
  return at !== undefined && pino.levels.values[level]! >= at;
}

/**
 * Fastify's request lines, at the levels that make a log readable: one "request completed" line
 * per request (method, path, status, time), at debug when it succeeded (completedLevel), and the
 * "incoming request" line only at trace. Each is asked for only when the request's logger writes
 * its level: Fastify builds their arguments (the completion time among them) before the logger
 * drops them. A request that failed still logs its error, at any level.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (writes(request.log.level, 'trace')) request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    const level = completedLevel(reply.statusCode);
    if (!writes(request.log.level, level)) return;
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * What the platform's log is given: pino's options, and where the lines go (stdout through a
 * LogOutput if unsaid: never pino's own destination, whose exit-time flush can hang, log-output.ts).
 */
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
    stream ?? new LogOutput(),
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
 * writes `info`, the level a refused call's completion line has (completedLevel). (A request that
 * raises its own level past the root's then logs its own lines, but not Fastify's completion line.)
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
