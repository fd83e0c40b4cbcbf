import { startTestProvider, type TestAccount } from './oidc-test-provider.ts';

/**
 * The local OpenID provider as a process of its own, for the end-to-end tests (decision 045):
 * `OIDC_TEST_SETUP` holds `{redirectUris, accounts}` as JSON; it prints `issuer <url>` once it
 * listens, and stops when its parent closes its standard input or sends SIGTERM.
 */
const setup = JSON.parse(process.env.OIDC_TEST_SETUP ?? '{}') as {
  redirectUris: string[];
  accounts: TestAccount[];
};
const provider = await startTestProvider(setup);
process.stdout.write(`issuer ${provider.issuer}\n`);
const stop = () => void provider.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
