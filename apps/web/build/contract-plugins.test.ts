import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, parseAst, type Plugin, type Rolldown } from 'vite';
import {
  callDefsWireOnly,
  contractSchemaChainsPure,
  contractSchemaDeclarationsDroppable,
  contractSchemasPure,
  errorCatalogueReadsAsLiterals,
} from './contract-plugins.ts';

/**
 * What the web build's rewrites of the contract (contract-plugins.ts, decision 029) make of its
 * source. Each hook is called as the build calls it, with the bundler's parser as `this.parse`
 * (rolldown's plugin context parses with the same `parseAst`); then a small contract-shaped module
 * goes through a real build with the four plugins in vite.config.ts's order, and its output is held
 * against the same build without them.
 */

const CONTRACT = '/repo/packages/contract/src/limits.ts';

type Transform = (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | null;

/** The plugin's transform of `code` as module `id`, or null when it leaves the module alone. */
function transform(plugin: Plugin, code: string, id = CONTRACT): string | null {
  return (plugin.transform as unknown as Transform).call({ parse: parseAst }, code, id)?.code ?? null;
}

const lines = (...text: string[]) => text.join('\n');

describe('contractSchemasPure: a method call on a named schema of the TypeScript source is marked pure', () => {
  it('annotates `XSchema.method(` wherever it stands, and nothing else', () => {
    const source = lines(
      'export const LimitSchema: z.ZodType = SetLimitSchema.extend({ amount: AmountSchema.optional(), id: z.string() });',
      'export const read = (v: unknown) => this.LimitSchema.parse(v) ?? mySchema.parse(v);',
    );
    expect(transform(contractSchemasPure(), source)).toBe(
      lines(
        'export const LimitSchema: z.ZodType = /* @__PURE__ */ SetLimitSchema.extend({ amount: /* @__PURE__ */ AmountSchema.optional(), id: z.string() });',
        'export const read = (v: unknown) => this.LimitSchema.parse(v) ?? mySchema.parse(v);',
      ),
    );
  });
});

describe('callDefsWireOnly: a call declaration keeps its wire shape only', () => {
  it('drops the schemas, the summary and the module id; keeps id, method, path, token, encrypted, wire', () => {
    const source = lines(
      "import { defineCall } from './call.ts';",
      'export const setLimit = defineCall({',
      "  id: 'setLimit',",
      "  method: 'POST',",
      "  path: '/wps/responsible/limit',",
      "  moduleId: 'RG',",
      '  token: true,',
      '  encrypted: true,',
      "  summary: 'Sets a deposit, loss or wager limit',",
      '  query: LimitQuerySchema,',
      '  body: SetLimitSchema,',
      '  response: LimitSchema,',
      "  wire: 'bare',",
      '});',
    );
    expect(transform(callDefsWireOnly(), source)).toBe(
      lines(
        "import { defineCall } from './call.ts';",
        "export const setLimit = defineCall({ id: 'setLimit', method: 'POST', path: '/wps/responsible/limit', token: true, encrypted: true, wire: 'bare' });",
      ),
    );
  });

  it('keeps what it cannot judge (a spread, a computed key) and leaves a call with nothing to drop as it is', () => {
    const spread =
      "export const a = defineCall({ ...common, [key]: 1, id: 'a', summary: 'A', response: ASchema });";
    expect(transform(callDefsWireOnly(), spread)).toBe(
      "export const a = defineCall({ ...common, [key]: 1, id: 'a' });",
    );
    const bare = "export const b = defineCall({ id: 'b', method: 'GET', path: '/b', token: false });";
    expect(transform(callDefsWireOnly(), bare)).toBeNull();
    expect(transform(callDefsWireOnly(), 'export const LIMIT = 20;')).toBeNull();
  });
});

describe('contractSchemaDeclarationsDroppable: a top-level schema declaration is built in a pure arrow', () => {
  it('wraps `const X = z…` and `const X = OtherSchema…`, arguments and all; leaves other declarations', () => {
    const source = lines(
      "import { z } from 'zod';",
      "export const limitKinds = ['deposit', 'loss'];",
      "export const LimitKindSchema = z.enum([...limitKinds, 'session']);",
      'const PageSchema = BaseSchema.extend({ page: z.number() });',
      'let a = z.string(), b = 1;',
      'export const LIMIT_PAGE_SIZE = 20;',
      'export const helper = makeHelper(z);',
      'export function read() { const Inner = z.string(); return Inner; }',
    );
    expect(transform(contractSchemaDeclarationsDroppable(), source)).toBe(
      lines(
        "import { z } from 'zod';",
        "export const limitKinds = ['deposit', 'loss'];",
        "export const LimitKindSchema = /* @__PURE__ */ (() => z.enum([...limitKinds, 'session']))();",
        'const PageSchema = /* @__PURE__ */ (() => BaseSchema.extend({ page: z.number() }))();',
        'let a = /* @__PURE__ */ (() => z.string())(), b = 1;',
        'export const LIMIT_PAGE_SIZE = 20;',
        'export const helper = makeHelper(z);',
        'export function read() { const Inner = z.string(); return Inner; }',
      ),
    );
  });
});

describe('contractSchemaChainsPure: each call of a schema method in a chain is marked pure', () => {
  it('annotates every link, the widest first, its object in parentheses', () => {
    const source = lines(
      'export const Name = z.string().max(16).transform(trim);',
      'export const Query = PageSchema.extend({ from: z.iso.date().optional() });',
      'export const names = list.map(String);',
    );
    expect(transform(contractSchemaChainsPure(), source)).toBe(
      lines(
        'export const Name = /* @__PURE__ */ (/* @__PURE__ */ (z.string()).max(16)).transform(trim);',
        'export const Query = /* @__PURE__ */ (PageSchema).extend({ from: /* @__PURE__ */ (z.iso.date()).optional() });',
        'export const names = list.map(String);',
      ),
    );
    expect(transform(contractSchemaChainsPure(), 'export const names = list.map(String);')).toBeNull();
  });
});

describe('a module outside the contract, or a contract test, is left untouched', () => {
  const source = lines(
    "import { z } from 'zod';",
    "export const KindSchema = z.enum([...kinds, 'session']).optional();",
    'export const Page = BaseSchema.extend({ page: z.number().int() });',
    "export const call = defineCall({ id: 'c', method: 'GET', path: '/c', summary: 'C', response: KindSchema });",
  );
  it.each([
    '/repo/apps/web/src/features/responsible/limits.ts',
    '/repo/apps/server/src/modules/responsible/limits.ts',
    '/repo/packages/contract/src/limits.test.ts',
    '/repo/packages/contract/src/lottery-rules/limits.test.ts',
    '/repo/node_modules/zod/v4/classic/schemas.js',
  ])('%s', (id) => {
    for (const plugin of [
      contractSchemasPure(),
      callDefsWireOnly(),
      contractSchemaDeclarationsDroppable(),
      contractSchemaChainsPure(),
    ])
      expect(transform(plugin, source, id), plugin.name).toBeNull();
  });
});

/** A contract-shaped module, its helpers, a stand-in for zod and a web entry that uses a call and a constant. */
const FILES: Record<string, string> = {
  '/repo/packages/contract/src/call.ts': lines(
    'export function defineCall<D extends { path: string; wire?: string; encrypted?: boolean }>(def: D) {',
    "  const wire = def.wire ?? (def.path.startsWith('/wps/') ? 'envelope' : 'bare');",
    '  return { ...def, wire, encrypted: def.encrypted ?? false };',
    '}',
  ),
  '/repo/packages/contract/src/kinds.ts': lines(
    "export const limitKinds: string[] = ['deposit-kind', 'loss-kind'];",
    "export const KindLimits = { kinds: ['deposit-kind'], max: 3 };",
  ),
  [CONTRACT]: lines(
    "import { z } from 'zod';",
    "import { defineCall } from './call.ts';",
    "import { KindLimits, limitKinds } from './kinds.ts';",
    '',
    'export const LIMIT_PAGE_SIZE = 20;',
    "export const UnusedKindSchema = z.enum([...limitKinds, 'session-kind']);",
    'export const UnusedLimitSchema = z.enum(KindLimits.kinds);',
    'export const AmountSchema = z.number().int().positive();',
    'export const SetLimitSchema = z.object({ amount: AmountSchema.optional() });',
    'export const LimitSchema = SetLimitSchema.extend({ id: z.string().max(16) });',
    '',
    'export const setLimit = defineCall({',
    "  id: 'setLimit',",
    "  method: 'POST',",
    "  path: '/wps/responsible/limit',",
    "  moduleId: 'RG-module',",
    '  token: true,',
    "  summary: 'Sets a limit (summary)',",
    '  body: SetLimitSchema,',
    '  response: LimitSchema,',
    '});',
  ),
  // zod's place: every schema carries the mark, so the output holds it as long as one schema stays.
  zod: lines(
    'class Schema {',
    "  constructor(of) { this.mark = 'zod-stand-in'; this.of = of; }",
    '  int() { return this; } positive() { return this; } optional() { return this; }',
    '  max() { return this; } extend(shape) { return new Schema(shape); }',
    '}',
    'export const z = {',
    '  enum: (values) => new Schema(values), number: () => new Schema(0),',
    "  string: () => new Schema(''), object: (shape) => new Schema(shape),",
    '};',
  ),
  '/repo/apps/web/src/main.ts': lines(
    `import { LIMIT_PAGE_SIZE, setLimit } from '${CONTRACT}';`,
    "import { defineCall } from '/repo/packages/contract/src/call.ts';",
    '// Not the contract: its declaration stays whole.',
    "const own = defineCall({ id: 'own', method: 'GET', path: '/own', summary: 'The web’s own (summary)' });",
    'console.log(setLimit, own, LIMIT_PAGE_SIZE);',
  ),
};

/** The JavaScript a production build of FILES emits with `plugins` (and the contract's `sideEffects: false`). */
async function built(plugins: Plugin[]): Promise<string> {
  const files: Plugin = {
    name: 'files',
    enforce: 'pre',
    resolveId(source, importer) {
      const id = source.startsWith('./') && importer ? importer.replace(/[^/]+$/, source.slice(2)) : source;
      if (!(id in FILES)) return null;
      return { id, moduleSideEffects: id.includes('/packages/contract/') ? false : null };
    },
    load: (id) => FILES[id] ?? null,
  };
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: '/repo/apps/web',
    plugins: [files, ...plugins],
    build: {
      write: false,
      minify: false,
      // As vite.config.ts: the `z.*` and `defineCall` calls are pure.
      rolldownOptions: {
        input: '/repo/apps/web/src/main.ts',
        treeshake: { manualPureFunctions: ['z', 'defineCall'] },
      },
    },
  })) as Rolldown.RolldownOutput;
  return output.output.flatMap((o) => (o.type === 'chunk' ? [o.code] : [])).join('\n');
}

describe('in a build, a contract call costs its wire shape only', () => {
  const plugins = () => [
    contractSchemasPure(),
    callDefsWireOnly(),
    contractSchemaDeclarationsDroppable(),
    contractSchemaChainsPure(),
  ];

  it('with the plugins, the schemas, their zod, the summary and the unused schemas’ arguments are gone', async () => {
    const output = await built(plugins());
    for (const kept of [
      'setLimit',
      '/wps/responsible/limit',
      'token: true',
      'envelope',
      'The web’s own (summary)',
    ])
      expect(output).toContain(kept);
    for (const gone of [
      'zod-stand-in',
      'Sets a limit (summary)',
      'RG-module',
      'session-kind',
      'deposit-kind',
    ])
      expect(output).not.toContain(gone);
  });

  it('without them, the declaration keeps its schemas and zod; without the arrows, the unused schemas’ arguments stay', async () => {
    const [none, arrowless] = await Promise.all([
      built([]),
      built(plugins().filter((p) => p.name !== 'contract-schema-declarations-droppable')),
    ]);
    for (const kept of ['zod-stand-in', 'Sets a limit (summary)', 'RG-module']) expect(none).toContain(kept);
    expect(arrowless).not.toContain('Sets a limit (summary)');
    expect(arrowless).toContain('deposit-kind');
  });
});

describe('errorCatalogueReadsAsLiterals: the app reads the error catalogue as literals', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'error-catalogue-')), 'errors.ts');
  writeFileSync(
    file,
    lines(
      "import { MAX } from './constants.ts';",
      'const aErrors = {',
      "  noAccount: { code: 'social.no.account', status: 422, message: 'No account' },",
      "  twice: { code: 'a.twice', status: 409, message: 'A' },",
      '} as const satisfies Record<string, ErrorDef>;',
      'export const BErrors = {',
      "  tooMany: { code: 'b.many', status: 409, message: `At most ${MAX}` },",
      "  twice: { code: 'b.twice', status: 409, message: 'B' },",
      '} as const;',
      'export const Errors = /* @__PURE__ */ (() => ({ ...aErrors, ...BErrors }) as const)();',
    ),
  );
  const APP = '/repo/apps/web/src/features/x/page.tsx';
  const run = (code: string, id = APP): string | null => {
    const plugin = errorCatalogueReadsAsLiterals(file);
    const parse = (text: string, options?: object) => parseAst(text, options as never);
    (plugin.buildStart as unknown as (this: unknown) => void).call({
      parse,
      error: (m: string) => {
        throw new Error(m);
      },
    });
    const hook = plugin.transform as unknown as (
      this: unknown,
      code: string,
      id: string,
    ) => { code: string } | null;
    return hook.call({ parse }, code, id)?.code ?? null;
  };

  it('writes each literal field read of `Errors.name` where it is read, under the local name too', () => {
    expect(
      run(
        lines(
          "import { Errors as E, other } from '@app/contract';",
          'const a = E.noAccount.code === x ? E.noAccount.status : other.noAccount.code;',
        ),
      ),
    ).toBe(
      lines(
        "import { Errors as E, other } from '@app/contract';",
        'const a = "social.no.account" === x ? 422 : other.noAccount.code;',
      ),
    );
  });

  it('leaves a field that is not a literal, a name two sections share, an unknown name and any other use', () => {
    const code = lines(
      "import { Errors } from '@app/contract';",
      'f(Errors.tooMany.message, Errors.twice.code, Errors.nope.code, Errors[name].code, Object.values(Errors));',
    );
    expect(run(code)).toBeNull();
  });

  it('leaves tests, modules outside the app and an `Errors` of another package alone', () => {
    const read = 'const a = Errors.noAccount.code;';
    expect(
      run(`import { Errors } from '@app/contract';\n${read}`, '/repo/apps/web/src/x/page.test.tsx'),
    ).toBeNull();
    expect(run(`import { Errors } from '@app/contract';\n${read}`, '/repo/apps/admin/src/x.tsx')).toBeNull();
    expect(run(`import { Errors } from './errors.ts';\n${read}`)).toBeNull();
  });
});
