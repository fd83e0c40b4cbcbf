/**
 * A lean HTTP/1.1 load generator for GET routes: `connections` keep-alive sockets, each with one
 * request in flight (no pipelining), the next request written as soon as the previous answer has
 * been read. Answers are parsed only as far as counting needs: the status line, Content-Length,
 * and whether the framing is one this client understands. Body bytes are skipped by count and
 * never decoded or kept.
 *
 * Why not autocannon: it appends every response body to a JavaScript string. For a binary body
 * (a gzip answer) that is a UTF-8 decode per response, 11–15 µs for the 2.2 kB status answer, and
 * it kept the generator's own core near saturation, so a ratio of two routes measured the client
 * as much as the servers (decision 015, "Status route cost").
 *
 * It polls (`poll`, on by default): its event loop never sleeps while the load runs. A generator
 * that sleeps between answers must be woken by the server's write, on loopback in the server's own
 * system call; on these virtual machines that wake-up costs the server 5–15 µs per answer, and the
 * more the slower the server, since a faster server finds the generator still awake more often.
 * The same route with 20 µs of work added went from 5 to 15 µs of system time per request
 * against a sleeping generator, and stayed at 6 against a polling one: a ratio of two routes
 * measured the wake-ups as much as the routes (decision 015). A polling generator is always at
 * 100% of its core, so it reports instead the share of the window it spent handling answers.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LoadCounts } from './load.ts';

export interface HttpLoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupS: number;
  durationS: number;
  /** A request unanswered this long counts as a time-out; its connection is replaced. */
  timeoutS?: number;
  /** Called when the warm-up is over and the measured window starts. */
  onMeasuring?: () => void;
  /** Keep the event loop polling instead of sleeping between answers (above); default true. */
  poll?: boolean;
}

/** `reqPerSec`: answers completed in the measured window, per second of it. */
export interface HttpLoadCounts extends LoadCounts {
  /** The measured window as it ran, in seconds. */
  windowS: number;
  /** Seconds of the measured window spent reading answers and writing requests. */
  busyS: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');
/** A head longer than this is not an answer this client should be reading. */
const MAX_HEAD_BYTES = 64 * 1024;
/** One read buffer for every socket: its callback runs synchronously and keeps no reference into it. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** What the request is, built once: the same bytes are written for every request. */
function requestBytes(url: URL, headers: Record<string, string>): Buffer {
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`];
  const names = Object.keys(headers).map((n) => n.toLowerCase());
  if (!names.includes('host')) lines.push(`Host: ${url.host}`);
  if (!names.includes('connection')) lines.push('Connection: keep-alive');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/**
 * The body length an answer's head announces, or an error for framings this client does not
 * read (chunked or any other transfer coding, no length at all): counting answers it cannot
 * delimit would be counting wrongly. Only the two headers that decide it are looked for, in the
 * head lowercased once: field names carry no whitespace before their colon (RFC 9112 §5.1).
 */
function bodyLength(head: string, status: number): number {
  const lower = head.toLowerCase();
  if (lower.includes('\r\ntransfer-encoding:'))
    throw new Error(
      `the answer uses Transfer-Encoding, which this client does not read: ${JSON.stringify(head)}`,
    );
  const first = lower.indexOf('\r\ncontent-length:');
  if (first === -1) {
    // RFC 9112 §6.3: these carry no body whatever the headers say.
    if (status === 204 || status === 304) return 0;
    throw new Error(`an answer without Content-Length: ${JSON.stringify(head)}`);
  }
  const length = lengthAt(lower, first);
  // Several Content-Length fields must agree (RFC 9110 §8.6), else the framing is unknown.
  for (
    let at = lower.indexOf('\r\ncontent-length:', first + 2);
    at !== -1;
    at = lower.indexOf('\r\ncontent-length:', at + 2)
  ) {
    if (lengthAt(lower, at) !== length)
      throw new Error(`Content-Length fields that disagree: ${JSON.stringify(head)}`);
  }
  return length;
}

const CONTENT_LENGTH_FIELD = '\r\ncontent-length:'.length;

function lengthAt(lower: string, at: number): number {
  const end = lower.indexOf('\r\n', at + 2);
  const value = lower.slice(at + CONTENT_LENGTH_FIELD, end === -1 ? undefined : end).trim();
  if (!/^\d+$/.test(value)) throw new Error(`an unreadable Content-Length: ${JSON.stringify(value)}`);
  return Number(value);
}

/** Latencies of the measured window, in milliseconds, grown as needed. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;
  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  p99(): number {
    if (this.count === 0) return 0;
    const sorted = this.values.slice(0, this.count).sort();
    return sorted[Math.min(this.count - 1, Math.ceil(this.count * 0.99) - 1)]!;
  }
}

export function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadCounts> {
  const url = new URL(options.url);
  if (url.protocol !== 'http:') throw new Error(`only http: URLs: ${options.url}`);
  const port = Number(url.port || 80);
  const host = url.hostname;
  const request = requestBytes(url, options.headers);
  const timeoutMs = (options.timeoutS ?? 10) * 1000;

  let measuring = false;
  let running = true;
  let total = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let busyMs = 0;
  const latencies = new Latencies();
  let failure: Error | null = null;

  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      finish();
    };

    /** One keep-alive connection; a closed or timed-out one is replaced by a new one. */
    class Connection {
      socket: Socket;
      /** When the request in flight was written; 0 when none is. */
      sentAt = 0;
      /** Body bytes of the current answer still to skip; -1 while reading its head. */
      bodyLeft = -1;
      status = 0;
      /** Head bytes received so far when a head spans reads. */
      partialHead: Buffer | null = null;
      /** Set once the connection has been given up (closed, errored, timed out). */
      dead = false;

      constructor() {
        this.socket = connect({
          host,
          port,
          noDelay: true,
          onread: {
            buffer: READ_BUFFER,
            callback: (n: number, buf: Uint8Array) => {
              const started = performance.now();
              this.read(buf as Buffer, n);
              if (measuring) busyMs += performance.now() - started;
              return true;
            },
          },
        });
        this.socket.on('connect', () => this.send());
        this.socket.on('error', () => {
          if (running && measuring && !this.dead) errors++;
          this.replace();
        });
        this.socket.on('close', () => {
          // The server closing a keep-alive connection with a request in flight is an error too.
          if (running && measuring && !this.dead && this.sentAt !== 0) errors++;
          this.replace();
        });
      }

      send(): void {
        if (!running) return;
        this.sentAt = performance.now();
        this.bodyLeft = -1;
        this.socket.write(request);
      }

      /** Gives the connection up and, while the load runs, opens another in its place. */
      replace(): void {
        if (this.dead) return;
        this.dead = true;
        this.socket.destroy();
        const i = pool.indexOf(this);
        if (running && i !== -1) {
          // A short pause, so a server that refuses connections is not hammered in a tight loop.
          setTimeout(() => {
            if (running) pool[i] = new Connection();
          }, 10);
        }
      }

      read(chunk: Buffer, length: number): boolean {
        let at = 0;
        try {
          while (at < length) {
            if (this.sentAt === 0) throw new Error('bytes arrived with no request in flight');
            if (this.bodyLeft === -1) {
              let bytes = chunk;
              let start = at;
              let end = length;
              if (this.partialHead) {
                bytes = Buffer.concat([this.partialHead, chunk.subarray(at, length)]);
                start = 0;
                end = bytes.length;
              }
              const headEnd = bytes.subarray(0, end).indexOf(HEAD_END, start);
              if (headEnd === -1) {
                if (end - start > MAX_HEAD_BYTES) throw new Error('an answer head longer than 64 kB');
                // The read buffer is shared and reused: what is kept must be copied out of it.
                this.partialHead = Buffer.from(bytes.subarray(start, end));
                return true;
              }
              const head = bytes.toString('latin1', start, headEnd);
              if (!head.startsWith('HTTP/1.'))
                throw new Error(`not an HTTP/1 answer: ${JSON.stringify(head.slice(0, 80))}`);
              this.status = Number(head.slice(9, 12));
              if (this.status < 200)
                throw new Error(`an interim ${this.status} answer, which this client does not expect`);
              this.bodyLeft = bodyLength(head, this.status);
              // Continue in whatever follows the head (in the joined bytes when the head spanned reads).
              if (this.partialHead) {
                this.partialHead = null;
                chunk = bytes;
                length = end;
              }
              at = headEnd + HEAD_END.length;
            }
            const take = Math.min(this.bodyLeft, length - at);
            this.bodyLeft -= take;
            at += take;
            if (this.bodyLeft === 0) this.complete();
          }
        } catch (err) {
          fail(err as Error);
        }
        return true;
      }

      complete(): void {
        if (measuring) {
          total++;
          if (this.status < 200 || this.status > 299) non2xx++;
          latencies.add(performance.now() - this.sentAt);
        }
        this.sentAt = 0;
        this.bodyLeft = -1;
        this.send();
      }
    }

    const pool: Connection[] = [];
    for (let i = 0; i < options.connections; i++) pool.push(new Connection());

    // A pending immediate makes libuv poll for I/O without waiting; one per loop turn.
    if (options.poll ?? true) {
      const spin = () => {
        if (running) setImmediate(spin);
      };
      spin();
    }

    // One ticker for every connection's time-out, not a timer per request.
    const ticker = setInterval(() => {
      const now = performance.now();
      for (const c of pool) {
        if (!c.dead && c.sentAt !== 0 && now - c.sentAt > timeoutMs) {
          if (measuring) timeouts++;
          c.sentAt = 0;
          c.replace();
        }
      }
    }, 250);

    let windowStart = 0;
    const warmup = setTimeout(() => {
      total = non2xx = errors = timeouts = busyMs = 0;
      measuring = true;
      windowStart = performance.now();
      options.onMeasuring?.();
      measured = setTimeout(finish, options.durationS * 1000);
    }, options.warmupS * 1000);
    let measured: NodeJS.Timeout | undefined;

    function finish() {
      if (!running) return;
      const windowS = measuring ? (performance.now() - windowStart) / 1000 : 0;
      running = false;
      measuring = false;
      clearInterval(ticker);
      clearTimeout(warmup);
      clearTimeout(measured);
      for (const c of pool) {
        c.dead = true;
        c.socket.destroy();
      }
      if (failure) return reject(failure);
      resolve({
        reqPerSec: windowS > 0 ? total / windowS : 0,
        total,
        p99Ms: Math.round(latencies.p99() * 100) / 100,
        non2xx,
        errors,
        timeouts,
        windowS,
        busyS: busyMs / 1000,
      });
    }
  });
}
