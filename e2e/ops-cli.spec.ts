import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { test, expect } from './fixtures.ts';
import { repoRoot, startServer } from './server.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The operator CLI as an operator runs it: `npm run ops -- <argv>`, with the given settings. */
function npmOps(env: Record<string, string>, ...argv: string[]): Promise<Run> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', 'ops', '--', ...argv], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) =>
      done({ code: code ?? 1, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') }),
    );
  });
}

async function statusOf(url: string, ip = '8.8.8.8') {
  const res = await fetch(`${url}/wps/system/status`, { headers: { 'x-forwarded-for': ip } });
  return ((await res.json()) as { value: { status: number; maintenanceEnd: number | null } }).value;
}

async function switchOf(url: string, modId: string): Promise<string | undefined> {
  type Node = { modId: string; enabled: string; childrenNodes: Node[] };
  const tree = [((await (await fetch(`${url}/wps/system/whitelabel`)).json()) as { value: Node }).value];
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.childrenNodes)]);
  return flat(tree).find((n) => n.modId === modId)?.enabled;
}

async function noticeTitles(url: string): Promise<string[]> {
  const res = await fetch(`${url}/wps/relay/MCSFE_getListAnnouncements`);
  return ((await res.json()) as { value: { player: { title: string }[] } }).value.player.map((n) => n.title);
}

test.describe('operator CLI', () => {
  test('SY-17 while the server runs, the CLI sets maintenance, region blocks and switches through it', async ({
    server,
  }) => {
    const until = new Date(Date.now() + 3_600_000);
    until.setMilliseconds(0);
    let run = await server.cli('status', 'maintenance', '--until', until.toISOString());
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout.trim()).toBe(`Status: maintenance until ${until.toISOString()}.`);
    expect(await statusOf(server.url)).toMatchObject({ status: 1, maintenanceEnd: until.getTime() });

    run = await server.cli('status', 'region', '--block', 'US');
    expect(run.code).toBe(0);
    expect((await statusOf(server.url, '8.8.8.8')).status).toBe(2);
    expect((await statusOf(server.url, '110.54.1.1')).status).toBe(0);

    run = await server.cli('status', 'normal');
    expect(run.code).toBe(0);
    expect((await statusOf(server.url)).status).toBe(0);

    run = await server.cli('switch', 'DIRECTREG3', 'off');
    expect(run.stdout.trim()).toBe('Switch DIRECTREG3 is off.');
    expect(await switchOf(server.url, 'DIRECTREG3')).toBe('0');
    run = await server.cli('switch', 'DIRECTREG3', 'on');
    expect(run.code).toBe(0);
    expect(await switchOf(server.url, 'DIRECTREG3')).toBe('1');
  });

  test('notice add, list and remove through the running server', async ({ server }) => {
    const add = await server.cli(
      'notice',
      'add',
      '--title',
      'CLI notice',
      '--html',
      '<p>from the operator</p>',
      '--type',
      'PL',
    );
    expect(add.code, add.stderr).toBe(0);
    const id = /Notice (\d+) published/.exec(add.stdout)?.[1];
    expect(id).toBeDefined();
    expect(await noticeTitles(server.url)).toContain('CLI notice');
    const list = await server.cli('notice', 'list');
    expect(list.stdout).toMatch(new RegExp(`^\\s*${id}\\s+PL .*CLI notice$`, 'm'));
    const remove = await server.cli('notice', 'remove', id!);
    expect(remove.stdout.trim()).toBe(`Notice ${id} removed.`);
    expect(await noticeTitles(server.url)).not.toContain('CLI notice');
  });

  test('bad arguments exit with code 2 and say what to type', async ({ server }) => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['status', 'maintenance', '--until', 'soon'], /--until must be an ISO time/],
      [['status', 'region'], /needs --block/],
      [['switch', 'NOPE3', 'on'], /Unknown switch "NOPE3"/],
      [['switch', 'DIRECTREG3', 'sideways'], /switch <modId> on\|off/],
      [['notice', 'add', '--title', 'T'], /needs --html/],
      [['notice', 'remove', 'x'], /notice remove <id>/],
    ];
    for (const [argv, message] of cases) {
      const run = await server.cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^Error: /);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    // Nothing changed on the server.
    expect((await statusOf(server.url)).status).toBe(0);
  });

  test('`npm run ops -- help` prints every command', async () => {
    const run = await npmOps({}, 'help');
    expect(run.code).toBe(0);
    for (const cmd of [
      'status normal',
      'status maintenance',
      'status region --block',
      'switch <modId> on|off',
      'notice add',
      'notice list',
      'notice remove',
    ]) {
      expect(run.stdout).toContain(cmd);
    }
  });

  test('SY-17 with no server running the CLI opens the data directory itself; a server started later sees the change', async () => {
    test.setTimeout(150_000);
    const work = mkdtempSync(join(tmpdir(), 'ops-cli-'));
    const dataDir = join(work, 'data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' };
    try {
      let run = await npmOps(env, 'status', 'maintenance');
      expect(run, run.stderr).toMatchObject({ code: 0 });
      run = await npmOps(env, 'notice', 'add', '--title', 'Set while offline', '--html', '<p>offline</p>');
      expect(run.code, run.stderr).toBe(0);
      // The CLI let go of the directory when it finished.
      expect(existsSync(join(dataDir, '.owner.lock'))).toBe(false);

      const server = await startServer({ env: { DATA_DIR: dataDir } });
      try {
        expect((await statusOf(server.url)).status).toBe(1);
        // Now the server owns the directory: the same command goes through it.
        run = await npmOps(env, 'status', 'normal');
        expect(run.code, run.stderr).toBe(0);
        expect((await statusOf(server.url)).status).toBe(0);
        expect(await noticeTitles(server.url)).toContain('Set while offline');
      } finally {
        await server.stop();
      }
      run = await npmOps(env, 'notice', 'list');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Set while offline');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  test('SY-17 on PostgreSQL the CLI writes the database and the running server reloads at once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    test.skip(!adminUrl, 'needs TEST_DATABASE_URL (CI sets it)');
    test.setTimeout(120_000);
    const name = `ops_cli_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    const server = await startServer({ env });
    try {
      let run = await npmOps(env, 'status', 'region', '--block', 'US');
      expect(run.code, run.stderr).toBe(0);
      await expect
        .poll(async () => (await statusOf(server.url, '8.8.8.8')).status, { timeout: 5_000 })
        .toBe(2);
      run = await npmOps(env, 'switch', 'FREEPLAY3', 'off');
      expect(run.code, run.stderr).toBe(0);
      await expect.poll(() => switchOf(server.url, 'FREEPLAY3'), { timeout: 5_000 }).toBe('0');
      run = await npmOps(env, 'status', 'normal');
      await expect
        .poll(async () => (await statusOf(server.url, '8.8.8.8')).status, { timeout: 5_000 })
        .toBe(0);
    } finally {
      await server.stop();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
