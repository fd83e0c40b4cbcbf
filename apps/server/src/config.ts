import { readFileSync } from 'node:fs';
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
  /** Session idle time-out (extended by activity) and absolute lifetime. */
  session: { idleMs: number; absoluteMs: number };
  /**
   * Serve GET /dev/outbox to browsers on this machine: only when DEV_OUTBOX=1 asks for it, and
   * never in production or once a real gateway sends the messages.
   */
  devOutbox: boolean;
  /** Why DEV_OUTBOX=1 was refused (said at start), else null. */
  devOutboxRefused: string | null;
  /**
   * DEMO_LOTTERY_BETS=1 (`npm start` sets it): a database seeded at this start gets a few lottery
   * bets of the demo member, placed by a job once the numeros exist (decision 022).
   */
  demoLotteryBets: boolean;
  /**
   * DEMO_CHAT=1 (`npm start` sets it): a database seeded at this start with the demo content has
   * its chat room open, with a few messages of the demo players in the Lobby (decision 054).
   */
  demoChat: boolean;
  /**
   * SEED_DEMO=1 (`npm start` sets it): an empty database gets the demo content (accounts, games,
   * announcements...) beside the reference data it always gets (seed/seed.ts). Refused in production.
   */
  seedDemo: boolean;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server speaks HTTPS, HTTP/2 to the clients that
   * offer it and HTTP/1.1 to the rest (decision 015, fourth pass). Null: plain HTTP/1.1.
   */
  tls: { cert: Buffer; key: Buffer } | null;
  /** The shared secrets of the sandbox payment gateway and game vendor (parseSecrets). */
  secrets: { sandboxPay: string; gameSandbox: string };
  /** The OpenID providers of social sign-in that are switched on (parseSocialProviders). */
  socialProviders: SocialProviderConfig[];
  /**
   * The captcha alternative's proof of work (decision 050): zero bits asked of a caller in good
   * standing, and the cap they rise to under abuse (parseCaptchaCheck).
   */
  captchaCheck: { bits: number; maxBits: number };
  /**
   * SPIN_BATCH (on unless `0`, `false`, `no` or `off`): on PostgreSQL, house rounds of several
   * players arriving while a call is at the database are written in one call and one commit
   * (decision 062); off, each round goes alone (the benchmarks' before). PGlite ignores it.
   */
  spinBatch: boolean;
}

/** One OpenID provider of social sign-in (decision 045), from OIDC_<PROVIDER>_* variables. */
export interface SocialProviderConfig {
  id: 'google' | 'facebook';
  /** The issuer whose discovery document (/.well-known/openid-configuration) names the endpoints. */
  issuer: string;
  clientId: string;
  /** Null: a public client (PKCE only), refused in production. */
  clientSecret: string | null;
}

const SOCIAL_ISSUERS = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
} as const;

/**
 * A provider is on when its client id is set (OIDC_GOOGLE_CLIENT_ID, OIDC_FACEBOOK_CLIENT_ID); its
 * issuer defaults to the provider's own. With NODE_ENV=production the server refuses to start with
 * a provider on but its client secret missing, or an issuer that is not https.
 */
function parseSocialProviders(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  const production = env.NODE_ENV === 'production';
  const out: SocialProviderConfig[] = [];
  for (const id of ['google', 'facebook'] as const) {
    const prefix = `OIDC_${id.toUpperCase()}`;
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
    if (!clientId) continue;
    const issuer = env[`${prefix}_ISSUER`]?.trim() || SOCIAL_ISSUERS[id];
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new Error(`${prefix}_ISSUER must be a URL, got "${issuer}"`);
    }
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || null;
    if (production && !clientSecret)
      throw new Error(
        `${prefix}_CLIENT_SECRET must be set when NODE_ENV=production and ${prefix}_CLIENT_ID is set (the client secret the provider issued)`,
      );
    if (production && url.protocol !== 'https:')
      throw new Error(`${prefix}_ISSUER must be an https URL when NODE_ENV=production, got "${issuer}"`);
    out.push({ id, issuer, clientId, clientSecret });
  }
  return out;
}

/**
 * The published development defaults of the sandbox secrets. They stand in the source, so anyone
 * can sign a gateway notification or a vendor callback with them: fine on a developer's machine,
 * never in production (parseSecrets refuses them there).
 */
export const DEV_SECRETS = {
  SANDBOX_PAY_SECRET: 'sandbox-dev-secret-change-me',
  GAME_SANDBOX_SECRET: 'sandbox-games-dev-secret-change-me',
} as const;

/** A production secret shorter than this is refused: HMAC keys of 32+ characters resist guessing. */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * The secrets that sign money-moving callbacks. Outside production a missing one falls back to
 * its published development default; with NODE_ENV=production the server refuses to start,
 * naming the variable, when one is missing, is a published default or is too short to be a key.
 */
function parseSecrets(env: NodeJS.ProcessEnv): AppConfig['secrets'] {
  const production = env.NODE_ENV === 'production';
  const read = (name: keyof typeof DEV_SECRETS): string => {
    const value = env[name]?.trim();
    if (!production) return value || DEV_SECRETS[name];
    if (!value)
      throw new Error(
        `${name} must be set when NODE_ENV=production (a random value of at least ${MIN_PRODUCTION_SECRET_LENGTH} characters, e.g. from \`openssl rand -base64 48\`)`,
      );
    if ((Object.values(DEV_SECRETS) as string[]).includes(value))
      throw new Error(
        `${name} is a published development default: set a secret of your own when NODE_ENV=production`,
      );
    if (value.length < MIN_PRODUCTION_SECRET_LENGTH)
      throw new Error(
        `${name} is ${value.length} characters: at least ${MIN_PRODUCTION_SECRET_LENGTH} are required when NODE_ENV=production`,
      );
    return value;
  };
  return { sandboxPay: read('SANDBOX_PAY_SECRET'), gameSandbox: read('GAME_SANDBOX_SECRET') };
}

/** '1', 'true', 'yes' or 'on', any case: a switch set in the environment. */
function isOn(raw: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((raw ?? '').trim().toLowerCase());
}

/**
 * The demo content holds accounts whose passwords stand in the source and are printed at every
 * start: with NODE_ENV=production the server refuses to start when SEED_DEMO asks for it, rather
 * than seed them into a production database.
 */
function parseSeedDemo(env: NodeJS.ProcessEnv): boolean {
  const asked = isOn(env.SEED_DEMO);
  if (asked && env.NODE_ENV === 'production')
    throw new Error(
      `SEED_DEMO=${env.SEED_DEMO!.trim()} is refused when NODE_ENV=production: demo accounts with published passwords must never reach a production database (unset SEED_DEMO)`,
    );
  return asked;
}

/** SPIN_BATCH: unset or a switch's on is on, a switch's off is off; anything else refuses to start. */
function parseSpinBatch(raw: string | undefined): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || isOn(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new Error(`SPIN_BATCH must be 1 or 0 (on or off), got "${raw}"`);
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

function parseTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  // An address list or CIDR, handed to Fastify as is: only those hops are trusted.
  return raw;
}

/**
 * The development outbox shows every code and reset link, so a person must ask for it
 * (DEV_OUTBOX=1), and it stays off whatever they ask where it could leak real messages: in
 * production, or once an SMS or e-mail gateway is configured.
 */
function parseDevOutbox(env: NodeJS.ProcessEnv): { devOutbox: boolean; devOutboxRefused: string | null } {
  const asked = isOn(env.DEV_OUTBOX);
  if (!asked) return { devOutbox: false, devOutboxRefused: null };
  const reasons = [
    ...(env.NODE_ENV === 'production' ? ['NODE_ENV=production'] : []),
    ...['SMS_HTTP_URL', 'EMAIL_HTTP_URL', 'SMTP_URL'].filter((k) => env[k]).map((k) => `${k} is set`),
  ];
  return reasons.length
    ? { devOutbox: false, devOutboxRefused: reasons.join(', ') }
    : { devOutbox: true, devOutboxRefused: null };
}

/** Both files or neither: a certificate without its key (or the reverse) is a mistake said at start. */
function parseTls(env: NodeJS.ProcessEnv): AppConfig['tls'] {
  const certFile = env.TLS_CERT_FILE?.trim();
  const keyFile = env.TLS_KEY_FILE?.trim();
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile)
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(resolve(file));
    } catch (err) {
      throw new Error(
        `${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
        {
          cause: err,
        },
      );
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}

/**
 * CAPTCHA_CHECK_BITS (default 14) and CAPTCHA_CHECK_MAX_BITS (default 15, at least the base):
 * whole numbers from 8 to 24, else the server refuses to start, naming the variable (fewer than 8
 * bits is no work at all, more than 24 would take a phone minutes).
 */
export function parseCaptchaCheck(env: NodeJS.ProcessEnv): AppConfig['captchaCheck'] {
  const { min, max } = { min: 8, max: 24 };
  const read = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max)
      throw new Error(`${name} must be a whole number of bits from ${min} to ${max}, got "${raw}"`);
    return n;
  };
  const bits = read('CAPTCHA_CHECK_BITS', 14);
  const maxBits = read('CAPTCHA_CHECK_MAX_BITS', Math.max(15, bits));
  if (maxBits < bits)
    throw new Error(
      `CAPTCHA_CHECK_MAX_BITS (${maxBits}) must be at least CAPTCHA_CHECK_BITS (${bits}): the work only rises`,
    );
  return { bits, maxBits };
}

/** Reads the environment once; every setting is documented in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    brandConfigPath: resolve(env.BRAND_CONFIG ?? resolve(repoRoot, 'config/brand.json')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    session: {
      idleMs: positiveNumber('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 30) * 60_000,
      absoluteMs: positiveNumber('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 12) * 3_600_000,
    },
    ...parseDevOutbox(env),
    demoLotteryBets: isOn(env.DEMO_LOTTERY_BETS),
    demoChat: isOn(env.DEMO_CHAT),
    seedDemo: parseSeedDemo(env),
    tls: parseTls(env),
    secrets: parseSecrets(env),
    socialProviders: parseSocialProviders(env),
    captchaCheck: parseCaptchaCheck(env),
    spinBatch: parseSpinBatch(env.SPIN_BATCH),
  };
}
