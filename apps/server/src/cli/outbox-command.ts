import type { Outbox } from '../platform/outbox/outbox.ts';

export const OUTBOX_USAGE = `  outbox [--to X] [--limit N]             show the newest SMS and e-mails (codes, reset links), newest first`;

/**
 * `npm run ops -- outbox`: the operator's (and the end-to-end tests') window on outgoing SMS and
 * e-mail. With no real transport configured this is where the messages stay.
 */
export async function runOutboxCommand(
  outbox: Outbox | undefined,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
): Promise<string> {
  if (!outbox) throw usage('The outbox is not available in this mode');
  if (positional.length) throw usage('Usage: outbox [--to <number or address>] [--limit <1-500>]');
  for (const key of named.keys())
    if (key !== 'to' && key !== 'limit') throw usage(`Unknown option --${key} (allowed: --to, --limit)`);
  const limitRaw = named.get('limit');
  const limit = limitRaw === undefined ? 20 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500)
    throw usage(`--limit must be a whole number from 1 to 500, got "${limitRaw}"`);
  const to = named.get('to')?.trim();
  const rows = await outbox.list({ limit, ...(to ? { to } : {}) });
  if (!rows.length) return to ? `No messages to ${to}.` : 'The outbox is empty.';
  return rows
    .map((r) => {
      const head = `#${r.id}  ${r.createdAt.toISOString()}  ${r.channel.toUpperCase()}  to ${r.recipient}  [${r.purpose}, ${r.status} via ${r.transport}]`;
      return [
        head,
        ...(r.subject ? [`  Subject: ${r.subject}`] : []),
        ...r.body.split('\n').map((l) => `  ${l}`),
      ].join('\n');
    })
    .join('\n\n');
}
