import { write, writeSync } from 'node:fs';

/** Lines waiting beyond this (a reader that stopped reading) are dropped, oldest first. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** How long a full pipe is left before the write is tried again. */
const RETRY_FULL_MS = 50;

/**
 * Where the server's log lines go: a file descriptor (stdout unless said), written in the
 * background, that never holds the process up, whatever becomes of its reader.
 *
 * pino's own destination (sonic-boom) flushes synchronously when the process exits, and its
 * `flushSync` retries a failed write for ever: with the reader of stdout gone (a test harness that
 * ended, `npm start | tee` stopped) every retry gets EPIPE, and a server asked to stop never did
 * (issue 28, defect 8: two such servers held 733 MB and 841 MB until killed). Here:
 * - a reader that is gone (EPIPE or any other error) ends the output: later lines are dropped;
 * - a reader that does not keep up (a full pipe) makes the write wait on an unref'd timer, never on
 *   a blocked thread, and lines past MAX_PENDING_BYTES are dropped;
 * - nothing is written at exit: `drain(ms)` lets a stopping server give its last lines a bounded
 *   time to go out before it exits.
 *
 * `format` turns each JSON line pino writes into the line to print (the readable form a person
 * starting the site reads, pretty-lines.ts); null skips the line.
 */
export class LogOutput {
  readonly #fd: number;
  readonly #format: ((line: string) => string | null) | undefined;
  #pending: string[] = [];
  #pendingBytes = 0;
  #writing = false;
  #gone = false;
  #drained: (() => void)[] = [];
  /** Lines dropped because the reader fell too far behind or went away. */
  dropped = 0;

  constructor(options: { fd?: number; format?: (line: string) => string | null } = {}) {
    this.#fd = options.fd ?? 1;
    this.#format = options.format;
    // Node opens its own stream on stdout as soon as anything touches it (the start banner does);
    // on a pipe that stream puts the descriptor in non-blocking mode, which is what lets a full
    // pipe answer EAGAIN here instead of blocking a thread of libuv's pool, and a thread blocked
    // there is one process.exit() waits for. A reader gone must not end the process through that
    // stream either: its EPIPE is an 'error' that nobody else listens to.
    if (this.#fd === 1) ignoreBrokenPipeOn(process.stdout);
    if (this.#fd === 2) ignoreBrokenPipeOn(process.stderr);
  }

  /** True once a write failed for good: the reader is gone and nothing more is written. */
  get gone(): boolean {
    return this.#gone;
  }

  /** pino calls this with each line (JSON, newline-terminated). */
  write(line: string): void {
    if (this.#gone) return;
    const out = this.#format ? this.#format(line) : line;
    if (out === null || out === '') return;
    this.#pending.push(out);
    this.#pendingBytes += out.length;
    while (this.#pendingBytes > MAX_PENDING_BYTES && this.#pending.length > 1) {
      this.#pendingBytes -= this.#pending.shift()!.length;
      this.dropped++;
    }
    if (!this.#writing) this.#next();
  }

  /**
   * Resolves once every line written so far is out, the reader is gone, or `ms` have passed,
   * whichever comes first: what a stopping server waits for before it exits.
   */
  drain(ms: number): Promise<void> {
    if (!this.#writing || this.#gone) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#drained.push(done);
    });
  }

  /**
   * What is still waiting, written once without waiting or retrying (for a process that exits
   * without stopping first): a full pipe or a reader gone just loses those lines.
   */
  flushNowOrDrop(): void {
    if (this.#gone || this.#pending.length === 0) return;
    try {
      const buf = Buffer.from(this.#pending.join(''));
      this.#pending = [];
      this.#pendingBytes = 0;
      // A partial write goes on only while the pipe takes more: bounded by the bytes there are.
      for (let off = 0; off < buf.length;) {
        const n = writeSync(this.#fd, buf, off);
        if (n <= 0) break;
        off += n;
      }
    } catch {
      // EAGAIN, EPIPE or anything else: nobody is there to take them now.
    }
  }

  #next(): void {
    const chunk = Buffer.from(this.#pending.join(''));
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#writing = true;
    this.#writeOut(chunk);
  }

  #writeOut(chunk: Buffer): void {
    write(this.#fd, chunk, 0, chunk.length, null, (err, n) => {
      if (err) {
        if (err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK') {
          // The reader is there but behind: try again later, without keeping the process alive.
          setTimeout(() => this.#writeOut(chunk), RETRY_FULL_MS).unref();
          return;
        }
        this.#end();
        return;
      }
      if (n < chunk.length) return this.#writeOut(chunk.subarray(n));
      if (this.#pending.length > 0) return this.#next();
      this.#writing = false;
      this.#settle();
    });
  }

  /** The reader is gone: drop what waits and everything after. */
  #end(): void {
    this.#gone = true;
    this.#writing = false;
    this.dropped += this.#pending.length;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#settle();
  }

  #settle(): void {
    const waiting = this.#drained;
    this.#drained = [];
    for (const done of waiting) done();
  }
}

/** A reader gone is no reason to end the process; any other error on the stream still is. */
function ignoreBrokenPipe(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE' || err.code === 'ECONNRESET') return;
  throw err;
}

function ignoreBrokenPipeOn(stream: NodeJS.WriteStream): void {
  if (!stream.listeners('error').includes(ignoreBrokenPipe)) stream.on('error', ignoreBrokenPipe);
}
