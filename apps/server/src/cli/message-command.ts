import type { MessagesService } from '../modules/messages/messages.service.ts';
import type { OperationsService } from '../modules/backoffice/operations.service.ts';
import { cliActor } from './backoffice-command.ts';

export const MESSAGE_USAGE = `  message send --to <username|all> --subject S --body B
                                          send a platform message (body is HTML) to one member or to all
  message list [--limit N]                show the latest sends and how many members each reached`;

export interface MessageOpsServices {
  messages?: MessagesService;
  /** Sends are audited through it, as the operator who ran the command. */
  operations?: OperationsService;
}

/** `npm run ops -- message ...`: the operator's platform messages (messageV2). */
export async function runMessageCommand(
  services: MessageOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
  operator = 'unknown',
): Promise<string> {
  const { messages, operations } = services;
  if (!messages || !operations) throw usage('Messages are not available in this mode');
  const [action, ...extra] = positional;
  const only = (allowed: string[]) => {
    for (const key of named.keys())
      if (!allowed.includes(key))
        throw usage(
          `Unknown option --${key} (allowed: ${allowed.map((a) => `--${a}`).join(', ') || 'none'})`,
        );
  };
  if (extra.length) throw usage(`Unexpected "${extra.join(' ')}"; put text in quotes`);
  if (action === 'send') {
    only(['to', 'subject', 'body']);
    const to = named.get('to')?.trim();
    const subject = named.get('subject');
    const body = named.get('body');
    if (!to) throw usage('message send needs --to <username> or --to all');
    if (!subject?.trim()) throw usage('message send needs --subject');
    if (!body?.trim()) throw usage('message send needs --body (HTML)');
    try {
      const { sendId, recipients } = await operations.sendMessage(cliActor(operator), { to, subject, body });
      return `Message ${sendId} sent to ${to.toLowerCase() === 'all' ? `all members (${recipients})` : to}.`;
    } catch (err) {
      // A refusal of the service (unknown member, too long) is the operator's input to fix.
      if (err instanceof Error && 'statusCode' in err && (err as { statusCode: number }).statusCode < 500)
        throw usage(err.message);
      throw err;
    }
  }
  if (action === 'list') {
    only(['limit']);
    const raw = named.get('limit');
    const limit = raw === undefined ? 20 : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw usage(`--limit must be a whole number from 1 to 500, got "${raw}"`);
    const rows = await messages.recentSends(limit);
    if (!rows.length) return 'No messages sent yet.';
    return rows
      .map(
        (r) =>
          `${String(r.id).padStart(5)}  ${new Date(r.created_at).toISOString()}  to ${r.audience} (${r.recipients})  ${r.subject}`,
      )
      .join('\n');
  }
  throw usage('Usage: message send --to <username|all> --subject S --body B | message list [--limit N]');
}
