import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../test/test-app.ts';
import { memberWithSession } from '../modules/records/test-members.ts';
import { runOpsCommand, USAGE, UsageError } from './commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);
const unread = async (token: string) =>
  (await t.call({ url: '/wps/relay/CSP_unreadCount', token })).json().value as number;

describe(`ops message (${testDbKind})`, () => {
  it('message send --to <username> delivers one message; --to all every member; message list shows the sends', async () => {
    const { token } = await memberWithSession(t, 'opsmsg01');
    expect(
      await ops(
        'message',
        'send',
        '--to',
        'OPSMSG01',
        '--subject',
        'Your bonus',
        '--body',
        '<p>Enjoy, <b>friend</b></p>',
      ),
    ).toMatch(/^Message \d+ sent to OPSMSG01\.$/);
    const inbox = (await t.call({ url: '/wps/relay/CSP_getInbox', token })).json().value;
    expect(inbox.content[0]).toMatchObject({
      subject: 'Your bonus',
      content: '<p>Enjoy, <b>friend</b></p>',
      read: false,
    });
    expect(await ops('message', 'send', '--to', 'all', '--subject', 'News', '--body', 'Hello all')).toMatch(
      /^Message \d+ sent to all members \(\d+\)\.$/,
    );
    expect(await unread(token)).toBe(2);
    const list = await ops('message', 'list', '--limit', '2');
    expect(list.split('\n')).toHaveLength(2);
    expect(list.split('\n')[0]).toMatch(/to all \(\d+\)\s+News$/);
    expect(list.split('\n')[1]).toMatch(/to OPSMSG01 \(1\)\s+Your bonus$/);
    expect(USAGE).toContain('message send --to <username|all> --subject S --body B');
  });

  it('bad arguments are usage errors that say what to type', async () => {
    for (const [argv, message] of [
      [['message', 'send', '--subject', 'S', '--body', 'B'], /needs --to/],
      [['message', 'send', '--to', 'all', '--body', 'B'], /needs --subject/],
      [['message', 'send', '--to', 'all', '--subject', 'S'], /needs --body/],
      [
        ['message', 'send', '--to', 'nobody-here', '--subject', 'S', '--body', 'B'],
        /No member "nobody-here"/,
      ],
      [['message', 'send', '--to', 'all', '--subject', 'x'.repeat(201), '--body', 'B'], /at most 200/],
      [
        ['message', 'send', '--to', 'all', '--subject', 'S', '--body', 'B', '--cc', 'x'],
        /Unknown option --cc/,
      ],
      [['message', 'list', '--limit', '0'], /--limit must be/],
      [['message', 'shout'], /Usage: message send/],
    ] as const) {
      const err = await ops(...argv).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, argv.join(' ')).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(message);
    }
  });
});
