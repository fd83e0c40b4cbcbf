import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package, the certified implementation) on
 * this machine, for the social sign-in tests (decision 045): discovery, the authorization endpoint
 * with PKCE, signed ID tokens with the nonce, the token and userinfo endpoints. Its login page lists
 * the test's accounts as buttons; choosing one signs in as it (consent is taken as given).
 */
export interface TestAccount {
  /** The provider's subject (sub). */
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** YYYY-MM-DD: the birthdate claim, when the account gives one. */
  birthdate?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  stop(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * Starts the provider on 127.0.0.1 (`port` 0 picks a free one) with one client whose redirect URIs
 * are the given ones (`{origin}/wps/oauth/{provider}/callback`).
 */
export async function startTestProvider(options: {
  port?: number;
  redirectUris: string[];
  accounts: TestAccount[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const accounts = new Map(options.accounts.map((a) => [a.id, a]));
  const clientId = options.clientId ?? 'lucky-lotus';
  const clientSecret = options.clientSecret ?? 'local-test-provider-secret-0123456789';
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: a.id,
        claims: async () => ({
          sub: a.id,
          email: a.email,
          email_verified: a.emailVerified,
          name: a.name,
          ...(a.birthdate ? { birthdate: a.birthdate } : {}),
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'birthdate'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Consent is the test's to give: a grant of the scopes asked for.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    cookies: { keys: ['local-test-provider-cookie-key'] },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  server.on('request', (req, res) => {
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0]!);
    if (!m) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'POST' && m[2]) {
          const account = (await formBody(req)).get('account') ?? '';
          if (!accounts.has(account)) throw new Error(`no account ${account}`);
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: account } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const buttons = [...accounts.values()]
          .map(
            (a) =>
              `<button name="account" value="${escape(a.id)}" data-account="${escape(a.id)}">${escape(a.name)} &lt;${escape(a.email)}&gt;${a.emailVerified ? '' : ' (unverified)'}</button>`,
          )
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><head><title>Local provider: sign in</title></head><body><main><h1>Local OpenID provider</h1><p>Choose the account to sign in with.</p><form method="post" action="/interaction/${escape(details.uid)}/login">${buttons}</form></main></body></html>`,
        );
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * What a browser does at the provider, without one: follows the authorization address, chooses the
 * account on the login page, and follows the redirects (keeping the provider's cookies) until the
 * one back to the site. Answers that address (the site's callback with code, state and iss).
 */
export async function authorizeAs(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  };
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: cookieHeader() },
    });
    keep(res);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const page = await res.text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: accountId }).toString(),
    };
  }
  throw new Error('too many redirects at the provider');
}
