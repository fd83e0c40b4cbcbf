import { describe, expect, it } from 'vitest';
import { logFormatOf, prettyLines } from './pretty-lines.ts';

const pretty = prettyLines({ timeOfDay: () => '14:02:07' });
const line = (entry: Record<string, unknown>) =>
  pretty(`${JSON.stringify({ time: 1, pid: 7, hostname: 'h', ...entry })}\n`);

describe('readable log lines (npm start, a terminal)', () => {
  it('issue 28: a request reads as one line: time, level, method, path, status and milliseconds', () => {
    expect(
      line({
        level: 30,
        reqId: 'req-1',
        req: { method: 'POST', url: '/wps/session/login', host: 'x', remoteAddress: '::1' },
        res: { statusCode: 401 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    ).toBe('14:02:07 INFO  POST /wps/session/login 401 12 ms\n');
  });

  it("a message keeps its own fields as key=value, and an error's stack goes under it, indented", () => {
    expect(line({ level: 30, signal: 'SIGTERM', msg: 'shutting down' })).toBe(
      '14:02:07 INFO  shutting down signal=SIGTERM\n',
    );
    expect(
      line({
        level: 50,
        req: { method: 'GET', url: '/x' },
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' },
        msg: 'unhandled error',
      }),
    ).toBe('14:02:07 ERROR unhandled error GET /x\n    Error: boom\n        at f (x.ts:1:1)\n');
    expect(line({ level: 40, err: { type: 'TypeError', message: 'bad' }, msg: 'failed' })).toBe(
      '14:02:07 WARN  failed\n    TypeError: bad\n',
    );
  });

  it('colours the level on a terminal, and passes a line that is not JSON as it came', () => {
    const coloured = prettyLines({ colour: true, timeOfDay: () => 't' });
    expect(coloured('{"level":50,"time":1,"msg":"x"}\n')).toBe('t \x1b[31mERROR\x1b[0m x\n');
    expect(pretty('not json\n')).toBe('not json\n');
  });

  it('LOG_FORMAT chooses; unset, a terminal outside production reads pretty lines and everything else JSON', () => {
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatOf({ LOG_FORMAT: ' JSON ' }, true)).toBe('json');
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(() => logFormatOf({ LOG_FORMAT: 'xml' }, true)).toThrow('LOG_FORMAT must be json or pretty');
  });
});
