import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

/**
 * A built web app as the Vite build leaves it, in a fresh temporary folder: each file at its path
 * with its `.br` and `.gz` forms beside it. The caller removes the folder.
 */
export function writeBuiltDist(prefix: string, files: Record<string, Buffer>): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, body] of Object.entries(files)) {
    const file = join(dist, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
  return dist;
}

/** A body as the client reads it once its Content-Encoding is undone; a coding it does not know fails. */
export function decodeBody(body: Buffer, coding: unknown): Buffer {
  if (coding === 'br') return brotliDecompressSync(body);
  if (coding === 'gzip') return gunzipSync(body);
  if (coding !== undefined) throw new Error(`unexpected Content-Encoding: ${String(coding)}`);
  return body;
}
