import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connection.ts';
import type { SessionPolicy } from '../../platform/auth/session.ts';
import type { SystemService } from '../system/system.service.ts';
import type { BrandConfigStore } from '../system/brand-config.ts';
import { PayloadKeys, type PayloadKeyPolicy } from '../../platform/crypto/payload-keys.ts';
import { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import {
  Outbox,
  transportsFromEnv,
  type OutboxChannel,
  type OutboxTransport,
} from '../../platform/outbox/outbox.ts';
import { CaptchaService } from '../../platform/captcha/captcha.ts';
import { SliderChallenge } from '../../platform/challenge/slider-challenge.ts';
import { WalletService } from '../wallet/wallet.service.ts';
import { walletRoutes } from '../wallet/wallet.routes.ts';
import { MemberService } from '../member/member.service.ts';
import { memberRoutes } from '../member/member.routes.ts';
import { VerificationService, type VerificationPolicy } from '../verification/verification.service.ts';
import { verificationRoutes } from '../verification/verification.routes.ts';
import { RegistrationService, type RegistrationPolicy } from '../registration/registration.service.ts';
import { registrationRoutes } from '../registration/registration.routes.ts';
import { SessionService, type LoginPolicy } from './session.service.ts';
import { sessionRoutes } from './session.routes.ts';

/** Tunables of the account flows; every field has a production default (tests shorten them). */
export interface AccountOptions {
  payloadKeys?: Partial<PayloadKeyPolicy>;
  /** Encrypts the stored RSA private keys (PKCS#8 with AES-256-CBC); env PAYLOAD_KEY_PASSPHRASE. */
  payloadKeyPassphrase?: string;
  login?: Partial<LoginPolicy>;
  verification?: Partial<VerificationPolicy>;
  registration?: Partial<RegistrationPolicy>;
  /** Delivery routes; by default from the environment (none: messages stay in the outbox). */
  outboxTransports?: Partial<Record<OutboxChannel, OutboxTransport>>;
}

export interface AccountServices {
  payloadKeys: PayloadKeys;
  rateLimiter: RateLimiter;
  outbox: Outbox;
  captcha: CaptchaService;
  challenge: SliderChallenge;
  wallet: WalletService;
  members: MemberService;
  verification: VerificationService;
  sessions: SessionService;
  registration: RegistrationService;
}

export function createAccountServices(
  deps: { database: Database; system: SystemService; brand: BrandConfigStore; sessionPolicy: SessionPolicy },
  options: AccountOptions = {},
): AccountServices {
  const { database, system, brand, sessionPolicy } = deps;
  const payloadKeys = new PayloadKeys(
    database,
    options.payloadKeys,
    options.payloadKeyPassphrase ?? process.env.PAYLOAD_KEY_PASSPHRASE,
  );
  const rateLimiter = new RateLimiter(database);
  const outbox = new Outbox(database, options.outboxTransports ?? transportsFromEnv());
  const captcha = new CaptchaService(database);
  const challenge = new SliderChallenge(database);
  const wallet = new WalletService(database, brand);
  const members = new MemberService(database, system, brand);
  const verification = new VerificationService(
    { database, system, brand, outbox, challenge },
    options.verification,
  );
  const sessions = new SessionService(
    { database, system, members, verification, wallet, captcha, limiter: rateLimiter, sessionPolicy },
    options.login,
  );
  const registration = new RegistrationService(
    { database, system, members, sessions, verification, wallet, captcha, limiter: rateLimiter },
    options.registration,
  );
  return {
    payloadKeys,
    rateLimiter,
    outbox,
    captcha,
    challenge,
    wallet,
    members,
    verification,
    sessions,
    registration,
  };
}

/** Every call of the account flows: session, member, registration, verification and wallet. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.ctx.outbox.start();
  app.addHook('onClose', async () => app.ctx.outbox.stop());
  await app.register(sessionRoutes);
  await app.register(memberRoutes);
  await app.register(registrationRoutes);
  await app.register(verificationRoutes);
  await app.register(walletRoutes);
}
