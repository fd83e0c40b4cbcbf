import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import {
  AgentType,
  Errors,
  type LoginResult,
  type SocialProvider,
  socialCallbackPath,
  SocialStartQuerySchema,
  type SocialStartQuery,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { SocialProviderConfig } from '../../config.ts';
import type { SessionService } from '../session/session.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { AppError, fail } from '../../platform/http/errors.ts';
import * as repo from './social.repo.ts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export interface SocialPolicy {
  /** How long a flow may take at the provider. */
  flowMs: number;
  /** How long the web app has to exchange its ticket. */
  ticketMs: number;
  /** Flows started per IP per minute. */
  startsPerIpPerMinute: number;
}

const defaultPolicy: SocialPolicy = { flowMs: 10 * 60_000, ticketMs: 2 * 60_000, startsPerIpPerMinute: 20 };

/** The claims a provider's ID token (or its userinfo) gives us. */
interface Claims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  birthdate?: unknown;
}

/**
 * Social sign-in (RG-06, decision 045): OpenID Connect's authorization-code flow with PKCE, state and
 * nonce, through `openid-client`. The flow lives in `social_flow` (single use, 10 minutes), bound to
 * the browser by a cookie holding its state (the routes set it). A finished flow signs in the member
 * the provider's subject is linked to, links a member by an e-mail the provider says it verified, or
 * creates one under the registration's rules; it ends in a single-use ticket the web app exchanges
 * for the login, so no session token ever travels in an address.
 */
export class SocialSignIn {
  private readonly database: Database;
  private readonly sessions: SessionService;
  private readonly registration: RegistrationService;
  private readonly limiter: RateLimiter;
  private readonly providers: Map<SocialProvider, SocialProviderConfig>;
  private readonly policy: SocialPolicy;
  /** Discovered provider configurations; a failed discovery is tried again at the next flow. */
  private readonly discovered = new Map<SocialProvider, Promise<client.Configuration>>();

  constructor(
    deps: {
      database: Database;
      sessions: SessionService;
      registration: RegistrationService;
      limiter: RateLimiter;
      providers: SocialProviderConfig[];
    },
    policy: Partial<SocialPolicy> = {},
  ) {
    this.database = deps.database;
    this.sessions = deps.sessions;
    this.registration = deps.registration;
    this.limiter = deps.limiter;
    this.providers = new Map(deps.providers.map((p) => [p.id, p]));
    this.policy = { ...defaultPolicy, ...policy };
  }

  /** The providers switched on, in the order the buttons show them. */
  enabled(): SocialProvider[] {
    return (['facebook', 'google'] as const).filter((p) => this.providers.has(p));
  }

  private provider(id: string): SocialProviderConfig {
    const found = this.providers.get(id as SocialProvider);
    if (!found) throw fail(Errors.socialProviderDisabled);
    return found;
  }

  private configuration(p: SocialProviderConfig): Promise<client.Configuration> {
    let pending = this.discovered.get(p.id);
    if (!pending) {
      const issuer = new URL(p.issuer);
      // Plain http only for a provider on this machine (the tests'); the configuration refuses an
      // http issuer in production.
      const local =
        issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      pending = client.discovery(
        issuer,
        p.clientId,
        undefined,
        p.clientSecret ? client.ClientSecretPost(p.clientSecret) : client.None(),
        local ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      this.discovered.set(p.id, pending);
      pending.catch(() => this.discovered.delete(p.id));
    }
    return pending;
  }

  /**
   * Starts a flow: stores its state (hashed), nonce and PKCE verifier with what the dialog carried,
   * and answers the provider's authorization address and the state the browser must bring back.
   */
  async start(
    providerId: string,
    query: SocialStartQuery,
    origin: string,
    caller: Pick<Caller, 'ip' | 'language'>,
  ): Promise<{ url: string; state: string }> {
    const p = this.provider(providerId);
    const q = SocialStartQuerySchema.parse(query);
    await this.limiter.consume(`social:start:${caller.ip}`, {
      limit: this.policy.startsPerIpPerMinute,
      windowMs: 60_000,
    });
    let config: client.Configuration;
    try {
      config = await this.configuration(p);
    } catch (err) {
      throw fail(Errors.socialTokenInvalid, {
        message: `The sign-in provider cannot be reached: ${(err as Error).message}`,
      });
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const redirectUri = `${origin}${socialCallbackPath(p.id)}`;
    await repo.insertFlow(this.database.db, {
      state_hash: sha(state),
      provider: p.id,
      nonce,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      intent: q.intent,
      affiliate_code: q.affiliateCode,
      referral_code: q.referralCode,
      domain: q.domain,
      age_confirmed: q.age === '1',
      language: (caller.language ?? '').slice(0, 10),
      ip: caller.ip,
      expires_at: new Date(Date.now() + this.policy.flowMs),
    });
    if (Math.random() < 0.01) await repo.sweepFlows(this.database.db, new Date(Date.now() - 86_400_000));
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * The provider's redirect back: the state must be the browser's own (its cookie) and a live flow's,
   * taken once; the code is exchanged with the PKCE verifier and the ID token checked (signature,
   * issuer, audience, expiry, nonce) by openid-client. Answers a ticket for the web app; every
   * refusal is an AppError and creates nothing.
   */
  async callback(
    providerId: string,
    search: string,
    cookieState: string | undefined,
    caller: Pick<Caller, 'ip' | 'language'>,
  ): Promise<{ ticket: string; intent: 'login' | 'register' }> {
    const p = this.provider(providerId);
    const params = new URLSearchParams(search);
    const state = params.get('state') ?? '';
    if (!state || !cookieState || cookieState !== state) throw fail(Errors.socialStateInvalid);
    const flow = await repo.takeFlow(this.database.db, sha(state));
    if (!flow || flow.provider !== p.id) throw fail(Errors.socialStateInvalid);
    if (params.get('error')) throw fail(Errors.socialDenied);

    const config = await this.configuration(p);
    let claims: Claims;
    try {
      const tokens = await client.authorizationCodeGrant(config, new URL(`${flow.redirect_uri}?${params}`), {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = { ...idClaims };
      // Providers may keep e-mail and birthdate out of the ID token: userinfo has them then.
      if (claims.email === undefined && tokens.access_token) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const text = `${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`;
      if (/nonce/i.test(text)) throw fail(Errors.socialNonceInvalid);
      throw fail(Errors.socialTokenInvalid);
    }

    const memberId = await this.memberFor(p.id, claims, flow, caller);
    const ticket = randomBytes(32).toString('base64url');
    await repo.setTicket(
      this.database.db,
      flow.state_hash,
      memberId,
      sha(ticket),
      new Date(Date.now() + this.policy.ticketMs),
    );
    return { ticket, intent: flow.intent };
  }

  /** The member a provider's account names: linked already, linked now by e-mail, or new. */
  private async memberFor(
    provider: SocialProvider,
    claims: Claims,
    flow: NonNullable<Awaited<ReturnType<typeof repo.takeFlow>>>,
    caller: Pick<Caller, 'ip' | 'language'>,
  ): Promise<number> {
    const db = this.database.db;
    const known = await repo.identity(db, provider, claims.sub);
    if (known) return known.member_id;

    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    // Only an address the provider says it verified may name one of our accounts.
    if (!email || claims.email_verified !== true) throw fail(Errors.socialEmailUnverified);
    const link = async (trx: typeof db, memberId: number) =>
      repo.insertIdentity(trx, { provider, subject: claims.sub, member_id: memberId, email });

    const owners = await repo.membersByEmail(db, email);
    if (owners.length > 1)
      throw fail(Errors.conflict, {
        message: 'Several accounts use this e-mail address: log in with your username',
      });
    const owner = owners[0];
    if (owner) {
      if (owner.agent_type === AgentType.trial) throw fail(Errors.nonMemberAccount);
      await link(db, owner.id);
      return owner.id;
    }
    return this.registration.registerSocial(
      {
        email,
        name: typeof claims.name === 'string' ? claims.name : '',
        birthday: typeof claims.birthdate === 'string' ? claims.birthdate : null,
        affiliateCode: flow.affiliate_code,
        referralCode: flow.referral_code,
        domain: flow.domain,
        link,
      },
      { ip: caller.ip, language: flow.language || caller.language },
      flow.age_confirmed,
    );
  }

  /** The web app's exchange of its ticket for the login (once, within two minutes). */
  async redeem(ticket: string, ip: string): Promise<LoginResult> {
    const memberId = await repo.takeTicket(this.database.db, sha(ticket));
    if (!memberId) throw fail(Errors.socialTicketInvalid);
    // The provider proved who signs in: like an SMS login, no forced password change.
    return this.sessions.issueFor(memberId, ip, { rememberMe: false, viaSms: true });
  }
}
