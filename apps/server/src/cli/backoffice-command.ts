import { backoffice } from '@app/contract';
import type { AuditActor, AuditLog } from '../modules/backoffice/audit.service.ts';
import type { StaffService } from '../modules/backoffice/staff.service.ts';
import { fail } from '../platform/http/errors.ts';

export const BACKOFFICE_USAGE = `  staff create-admin <username> [--name N] create a back-office admin; prints a one-time password (the admin
                                          enrols an authenticator at the first sign-in)
  staff list                              the back office's staff accounts, active and disabled
  audit verify [--expect <id>:<hash>]     walk the audit chain: exit 0 when it holds (printing the head to
                                          keep), 1 naming the first entry that does not; --expect checks a
                                          head kept from an earlier run is still on the chain, unchanged`;

export interface BackofficeOpsServices {
  staff?: StaffService;
  audit?: AuditLog;
}

type Usage = (message: string) => Error;

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

/** The CLI as an audit actor: the operating-system user who ran it (decision 031). */
export const cliActor = (operator: string): AuditActor => ({
  kind: 'cli',
  id: null,
  name: operator,
  ip: null,
});

/** `npm run ops -- staff ...`: the first admin, and a look at the accounts. */
export async function runStaffCommand(
  services: BackofficeOpsServices,
  named: Map<string, string>,
  positional: string[],
  operator: string,
  usage: Usage,
): Promise<string> {
  const { staff } = services;
  if (!staff) throw usage('The back office is not available in this mode');
  const [action, username, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra[0]}"`);
  if (action === 'create-admin') {
    onlyKnown(named, ['name'], usage);
    const parsed = backoffice.StaffUsernameSchema.safeParse(username ?? '');
    if (!parsed.success)
      throw usage(
        'Usage: staff create-admin <username> (3 to 32 letters, digits, dots, dashes or underscores)',
      );
    const displayName = (named.get('name') ?? parsed.data).trim();
    if (!displayName || displayName.length > 64) throw usage('--name is 1 to 64 characters');
    const { staff: created, password } = await staff.create(cliActor(operator), {
      username: parsed.data,
      displayName,
      role: 'admin',
    });
    return [
      `Admin ${created.username} created (staff id ${created.id}).`,
      `One-time password: ${password}`,
      'It is shown only this once. At the first sign-in to the back office the admin enrols an authenticator app.',
    ].join('\n');
  }
  if (action === 'list' && username === undefined) {
    onlyKnown(named, [], usage);
    const rows: backoffice.Staff[] = [];
    for (let page = 1; ; page++) {
      const { list, total } = await staff.list(page, 100, true);
      rows.push(...list);
      if (rows.length >= total || list.length === 0) break;
    }
    if (!rows.length) return 'No staff accounts. Create the first admin with: staff create-admin <username>';
    return rows
      .map(
        (s) =>
          `${String(s.id).padStart(5)}  ${s.username.padEnd(32)} ${s.role.padEnd(9)} ${s.enrolled ? 'enrolled ' : 'no 2FA   '} ${s.disabledAt ? `disabled ${new Date(s.disabledAt).toISOString()}` : 'active'}`,
      )
      .join('\n');
  }
  throw usage('Usage: staff create-admin <username> [--name N] | staff list');
}

/** `npm run ops -- audit verify`: exit 0 with the head to keep, or 1 naming the first bad entry. */
export async function runAuditCommand(
  services: BackofficeOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
): Promise<string> {
  const { audit } = services;
  if (!audit) throw usage('The audit log is not available in this mode');
  if (positional[0] !== 'verify' || positional.length !== 1)
    throw usage('Usage: audit verify [--expect <id>:<hash>]');
  onlyKnown(named, ['expect'], usage);
  let expect: { id: number; hash: string } | undefined;
  const raw = named.get('expect');
  if (raw !== undefined) {
    const m = /^(\d{1,15}):([0-9a-f]{64})$/i.exec(raw.trim());
    if (!m) throw usage('--expect is <id>:<hash> as a verify run printed it, e.g. 42:3f9a…(64 hex digits)');
    expect = { id: Number(m[1]), hash: m[2]!.toLowerCase() };
  }
  const result = await audit.verify(expect);
  if (!result.ok) {
    const lines = [
      `Audit chain BROKEN at entry ${result.broken!.id}: ${result.broken!.reason}.`,
      result.head
        ? `The chain holds up to entry ${result.head.id} (${result.entries} entries).`
        : 'No entry before it verifies.',
    ];
    throw fail(backoffice.BackofficeErrors.boAuditChainBroken, { message: lines.join('\n') });
  }
  if (!result.head) return 'Audit chain OK: the log is empty.';
  return [
    `Audit chain OK: ${result.entries} entries.`,
    `Head: ${result.head.id}:${result.head.hash}`,
    'Keep the head somewhere the database administrator cannot write; a later',
    `"npm run ops -- audit verify --expect ${result.head.id}:${result.head.hash}" proves the chain up to it was not rewritten.`,
  ].join('\n');
}
