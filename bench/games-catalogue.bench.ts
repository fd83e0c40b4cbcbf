/**
 * The game catalogue at 10,000 slots (issue 8): what a lobby moves and waits for, on the platform
 * server (PGlite, as `npm start` runs it), through HTTP with the client's headers and gzip:
 *
 * - the vendor list (GCSGAME_newGameVendor): size and time, first and revalidated with its ETag;
 * - every slot of /rng in pages of 200 (GCSGAME_gameList gameType RNG, 50 pages): bytes on the
 *   wire and total time for the first load, then again with each page's ETag (304s);
 * - one page of 200 slots once the instance holds it (games.service keeps visitor pages until the
 *   next catalogue change): the median and p95 time of a full answer and of a revalidation.
 *
 * Budgets: a revalidated page moves no body and a full revalidation of all 10,000 slots stays
 * under 20 kB on the wire; a page of 200 the instance holds answers within 50 ms at the median (on the shared 2-core machine).
 */
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { BenchRow } from './lib/types.ts';
import { clientHeaders, settled, startPlatformServer } from './lib/processes.ts';

const PAGE = 200;
const PAGE_MEDIAN_BUDGET_MS = 50;
const REVALIDATE_ALL_BUDGET_BYTES = 20_000;
const SAMPLES = Number(process.env.BENCH_GAMES_SAMPLES ?? 30);

interface Fetched {
  status: number;
  /** Bytes of the body as sent (compressed when the server compressed it). */
  wireBytes: number;
  /** Bytes of the JSON once decompressed. */
  jsonBytes: number;
  ms: number;
  etag: string | null;
  text: string;
}

/** One GET with node:http, so the bytes on the wire are counted before decompression. */
function fetchOnce(url: string, headers: Record<string, string>): Promise<Fetched> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({
          status: res.statusCode ?? 0,
          wireBytes: raw.length,
          jsonBytes: body.length,
          ms: performance.now() - started,
          etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
          text: body.toString('utf8'),
        });
      });
    });
    req.on('error', reject);
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export async function run(): Promise<BenchRow[]> {
  const server = await startPlatformServer({ core: null });
  try {
    await settled(server);
    const headers = clientHeaders();
    const rows: BenchRow[] = [];

    // The vendor list.
    const vendorsUrl = `${server.url}/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop`;
    const v1 = await fetchOnce(vendorsUrl, headers);
    const vendorRe: Fetched[] = [];
    for (let i = 0; i < SAMPLES; i++)
      vendorRe.push(await fetchOnce(vendorsUrl, { ...headers, 'if-none-match': v1.etag ?? '' }));
    const v2 = vendorRe[0]!;
    const vendorReMs = quantile(
      vendorRe.map((f) => f.ms),
      0.5,
    );
    rows.push(
      {
        figure: 'vendor list (newGameVendor), first (cold): wire / JSON / time',
        value: `${kb(v1.wireBytes)} / ${kb(v1.jsonBytes)} / ${v1.ms.toFixed(1)} ms`,
        budget: '-',
        pass: v1.status === 200,
      },
      {
        figure: 'vendor list revalidated with its ETag: status, body, median time',
        value: `${v2.status}, ${v2.jsonBytes} B, ${vendorReMs.toFixed(1)} ms`,
        budget: '304, 0 B',
        pass: vendorRe.every((f) => f.status === 304 && f.jsonBytes === 0),
      },
    );

    // Every slot in pages of 200, then the same pages revalidated.
    const pageUrl = (n: number) =>
      `${server.url}/wps/relay/GCSGAME_gameList?gameType=RNG&platform=html5-desktop&pageSize=${PAGE}&pageNo=${n}&language=EN`;
    const first = await fetchOnce(pageUrl(1), headers);
    const total = (JSON.parse(first.text) as { value: { totalCount: number } }).value.totalCount;
    const pages = Math.ceil(total / PAGE);
    const etags: string[] = [];
    let wire = 0;
    let json = 0;
    let started = performance.now();
    for (let n = 1; n <= pages; n++) {
      const f = await fetchOnce(pageUrl(n), headers);
      if (f.status !== 200) throw new Error(`page ${n}: ${f.status}`);
      wire += f.wireBytes;
      json += f.jsonBytes;
      etags.push(f.etag ?? '');
    }
    const firstAllMs = performance.now() - started;
    let reWire = 0;
    let notModified = 0;
    started = performance.now();
    for (let n = 1; n <= pages; n++) {
      const f = await fetchOnce(pageUrl(n), { ...headers, 'if-none-match': etags[n - 1]! });
      reWire += f.wireBytes;
      if (f.status === 304) notModified++;
    }
    const reAllMs = performance.now() - started;
    rows.push(
      {
        figure: `all ${total} slots in ${pages} pages of ${PAGE}, first (cold): wire / JSON / time`,
        value: `${kb(wire)} / ${kb(json)} / ${firstAllMs.toFixed(0)} ms`,
        budget: '-',
        pass: total >= 9_500,
      },
      {
        figure: `all ${total} slots revalidated with ETags: 304s / body bytes / time`,
        value: `${notModified}/${pages} / ${reWire} B / ${reAllMs.toFixed(0)} ms`,
        budget: `${pages}/${pages}, <= ${kb(REVALIDATE_ALL_BUDGET_BYTES)}`,
        pass: notModified === pages && reWire <= REVALIDATE_ALL_BUDGET_BYTES,
      },
    );

    // One page, sampled.
    const firstMs: number[] = [];
    const reMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const n = 1 + (i % pages);
      const f = await fetchOnce(pageUrl(n), headers);
      firstMs.push(f.ms);
      reMs.push((await fetchOnce(pageUrl(n), { ...headers, 'if-none-match': f.etag ?? '' })).ms);
    }
    rows.push(
      {
        figure: `one page of ${PAGE} slots, full answer (warm): median / p95 (${kb(first.wireBytes)} on the wire)`,
        value: `${quantile(firstMs, 0.5).toFixed(1)} / ${quantile(firstMs, 0.95).toFixed(1)} ms`,
        budget: `median <= ${PAGE_MEDIAN_BUDGET_MS} ms`,
        pass: quantile(firstMs, 0.5) <= PAGE_MEDIAN_BUDGET_MS,
      },
      {
        figure: `one page of ${PAGE} slots revalidated (304): median / p95`,
        value: `${quantile(reMs, 0.5).toFixed(1)} / ${quantile(reMs, 0.95).toFixed(1)} ms`,
        budget: '-',
        pass: true,
      },
    );
    return rows;
  } finally {
    await server.stop();
  }
}
