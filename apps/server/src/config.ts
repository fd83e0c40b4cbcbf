import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data directory, used when no DATABASE_URL is given. */
  dataDir: string;
  databaseUrl: string | undefined;
  brandConfigPath: string;
  /** Take the client IP from X-Forwarded-For (only behind a trusted load balancer). */
  trustProxy: boolean | string;
  webDist: string;
  logLevel: string;
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  // An address list or CIDR, handed to Fastify as is: only those hops are trusted.
  return raw;
}

/** Reads the environment once; every setting is documented in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    brandConfigPath: resolve(env.BRAND_CONFIG ?? resolve(repoRoot, 'config/brand.json')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
