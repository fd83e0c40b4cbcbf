import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { LogOutput } from './log-output.ts';
import { prettyLines } from './pretty-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'log-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LogOutput: the server log written in the background', () => {
  it("writes pino's lines in order, and drain() resolves once they are out", async () => {
    const file = join(dir, 'a.log');
    const fd = openSync(file, 'w');
    const output = new LogOutput({ fd });
    const log = pino({ base: null, timestamp: false }, output);
    for (let i = 0; i < 200; i++) log.info({ i }, 'line');
    await output.drain(5_000);
    closeSync(fd);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number });
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(output.gone).toBe(false);
  });

  it('a descriptor that fails for good ends the output: later lines are dropped and drain() does not wait', async () => {
    // Opened for reading only: every write to it fails (EBADF), as one into a dead pipe would.
    const file = join(dir, 'b.log');
    closeSync(openSync(file, 'w'));
    const fd = openSync(file, 'r');
    const output = new LogOutput({ fd });
    output.write('{"msg":"first"}\n');
    await output.drain(5_000);
    expect(output.gone).toBe(true);
    const started = Date.now();
    output.write('{"msg":"second"}\n');
    await output.drain(5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(() => output.flushNowOrDrop()).not.toThrow();
    closeSync(fd);
  });

  it('writes through its formatter, skipping the lines it turns into nothing', async () => {
    const file = join(dir, 'c.log');
    const fd = openSync(file, 'w');
    const pretty = prettyLines({ timeOfDay: () => '12:00:00' });
    const output = new LogOutput({ fd, format: (line) => (line.includes('"skip"') ? null : pretty(line)) });
    const log = pino({ base: null }, output);
    log.info('shown');
    log.info('skip');
    log.warn({ job: 'lottery.draw' }, 'late');
    await output.drain(5_000);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('12:00:00 INFO  shown\n12:00:00 WARN  late job=lottery.draw\n');
  });
});
