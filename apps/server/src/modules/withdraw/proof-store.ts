import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where proof images' bytes live (decision 017). On PostgreSQL in the database, which every
 * instance reaches. On the embedded PGlite database as files under DATA_DIR, which its one
 * process owns: PGlite copies a 5 MB parameter through WebAssembly for seconds while every other
 * query waits, and a file costs milliseconds. Files are named by their SHA-256, so one image sent
 * twice is kept once.
 */
export interface ProofStore {
  readonly kind: 'database' | 'data_dir';
  /** Keeps the bytes (atomically: a reader never sees half a file). */
  put(sha256: Buffer, bytes: Buffer): Promise<void>;
  get(sha256: Buffer): Promise<Buffer | null>;
  remove(sha256: Buffer): Promise<void>;
}

/** The database keeps the bytes in the row itself: nothing to do outside it. */
export const databaseProofStore: ProofStore = {
  kind: 'database',
  put: async () => undefined,
  get: async () => null,
  remove: async () => undefined,
};

export function directoryProofStore(dataDir: string): ProofStore {
  const dir = join(dataDir, 'uploads', 'withdrawal-proofs');
  // PGlite reads bytea back as a Uint8Array, whose toString is not hex.
  const path = (sha: Uint8Array) => join(dir, Buffer.from(sha).toString('hex'));
  return {
    kind: 'data_dir',
    async put(sha, bytes) {
      await mkdir(dir, { recursive: true });
      const tmp = `${path(sha)}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, path(sha));
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async get(sha) {
      try {
        return await readFile(path(sha));
      } catch {
        return null;
      }
    },
    async remove(sha) {
      await rm(path(sha), { force: true });
    },
  };
}
