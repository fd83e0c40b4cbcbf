import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst, type Plugin } from 'vite';
import {
  classesOf,
  cssModuleClassesAsNames,
  cssModuleClassNames,
  cssModulesKeptWhole,
  emptyCssModuleChunksDropped,
} from './css-module-classes.ts';

/**
 * What cssModuleClassesAsNames (decision 060, session 34) makes of a module of the app: its hook
 * is called as the build calls it, with the bundler's parser as `this.parse` and a resolver that
 * finds the stylesheet beside the module.
 */

const dir = mkdtempSync(join(tmpdir(), 'css-module-classes-'));
writeFileSync(
  join(dir, 'card.module.css'),
  '.card { color: red; }\n.title, .card > .badge { margin: 0; }\n@keyframes spin { to { rotate: 1turn; } }\n',
);
const APP = '/repo/apps/web/src/features/x/card.tsx';

type Transform = (
  this: { parse: typeof parseAst; resolve: (source: string) => Promise<{ id: string }> },
  code: string,
  id: string,
) => Promise<{ code: string } | null>;

interface SourceMap {
  sources: string[];
  sourcesContent: string[];
  mappings: string;
}

async function transformed(code: string, id = APP): Promise<{ code: string; map: SourceMap } | null> {
  const plugin: Plugin = cssModuleClassesAsNames();
  const context = { parse: parseAst, resolve: async (source: string) => ({ id: join(dir, source) }) };
  return (await (plugin.transform as unknown as Transform).call(context, code, id)) as {
    code: string;
    map: SourceMap;
  } | null;
}

async function transform(code: string, id = APP): Promise<string | null> {
  return (await transformed(code, id))?.code ?? null;
}

/** A source map's segments as [generated line, generated column, original line, original column] (VLQ, base 64). */
function segments(mappings: string): [number, number, number, number][] {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: [number, number, number, number][] = [];
  // Generated column (per line), source (unused: one), original line and column: each a delta.
  let column = 0;
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  mappings.split(';').forEach((line, generatedLine) => {
    column = 0;
    for (const segment of line.split(',').filter(Boolean)) {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = digits.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if (digit & 32) continue;
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        originalLine += values[2]!;
        originalColumn += values[3]!;
        if (source === 0) out.push([generatedLine, column, originalLine, originalColumn]);
      }
    }
  });
  return out;
}

const lines = (...text: string[]) => text.join('\n');

describe('cssModuleClassesAsNames: a CSS module read only as `styles.name` is imported by its names', () => {
  it('imports each class read once, replaces every read, and a class the stylesheet lacks stays undefined', async () => {
    const source = lines(
      "import styles from './card.module.css';",
      "import other from './other.ts';",
      'export const a = () => [styles.card, styles.title, styles.card, styles.spin, styles.gone, other.card];',
    );
    expect(await transform(source)).toBe(
      lines(
        'import { card as styles$card, title as styles$title, spin as styles$spin } from "./card.module.css";',
        "import other from './other.ts';",
        'export const a = () => [styles$card, styles$title, styles$card, styles$spin, (void 0), other.card];',
      ),
    );
  });

  it('returns a source map of the edits: the code it did not change maps to where it was', async () => {
    const source = lines(
      "import styles from './card.module.css';",
      "import other from './other.ts';",
      'export const a = () => [styles.gone, other.card, styles.title];',
    );
    const out = (await transformed(source))!;
    // `(void 0)` is shorter than `styles.gone`: what follows it moved.
    expect(out.code.split('\n')[2]!.indexOf('other.card')).toBe(
      source.split('\n')[2]!.indexOf('other.card') - 3,
    );
    expect(out.map.sources).toEqual([APP]);
    expect(out.map.sourcesContent).toEqual([source]);
    const generated = out.code.split('\n');
    const original = source.split('\n');
    const at = (text: string[], token: string, line: number) => [line, text[line]!.indexOf(token)] as const;
    const mapped = segments(out.map.mappings);
    // Each token after an edit, in the output and in the source: the map joins the two.
    for (const [token, line] of [
      ['import other', 1],
      ['other.card', 2],
      ['export const a', 2],
    ] as const) {
      const [gLine, gColumn] = at(generated, token, line);
      const [oLine, oColumn] = at(original, token, line);
      expect(mapped, token).toContainEqual([gLine, gColumn, oLine, oColumn]);
    }
  });

  it('does not count an object key, a shorthand-free property name or another object’s property as a use', async () => {
    const source = lines(
      "import styles from './card.module.css';",
      'export const a = { styles: styles.badge, b: x.styles };',
    );
    expect(await transform(source)).toBe(
      lines(
        'import { badge as styles$badge } from "./card.module.css";',
        'export const a = { styles: styles$badge, b: x.styles };',
      ),
    );
  });

  it.each([
    ['a computed read', 'export const a = (k) => styles[k];'],
    ['the object passed on', 'export const a = () => f(styles);'],
    ['a shorthand property', 'export const a = { styles };'],
    ['a spread', 'export const a = { ...styles };'],
    ['a shadowing name', 'export function a(styles) { return styles.card; }'],
    ['the default read by name', 'export const a = styles.default;'],
  ])('leaves the module as it is for %s', async (_what, use) => {
    expect(await transform(lines("import styles from './card.module.css';", use))).toBeNull();
  });

  it('leaves named imports, tests and modules outside the app alone', async () => {
    expect(await transform("import { card } from './card.module.css';\nexport const a = card;")).toBeNull();
    const read = "import styles from './card.module.css';\nexport const a = styles.card;";
    expect(await transform(read, '/repo/apps/web/src/features/x/card.test.tsx')).toBeNull();
    expect(await transform(read, '/repo/apps/admin/src/card.tsx')).toBeNull();
  });
});

describe('classesOf: the names a stylesheet can export', () => {
  it('reads class selectors and keyframes, not numbers', () => {
    expect([...classesOf('.a{margin:.5rem} .b-c:hover .d{} @keyframes e{}')]).toEqual(['a', 'b-c', 'd', 'e']);
  });

  it('is the reading the short class names number (cssModuleClassNames): first appearance, each once', () => {
    const css = '.b{} .a .b{} @keyframes spin{} .a:hover{} .c{background:url(x.png)}';
    expect(cssModuleClassNames(css)).toEqual(['b', 'a', 'spin', 'c', 'png']);
    expect([...classesOf(css)]).toEqual(cssModuleClassNames(css));
  });
});

describe('cssModulesKeptWhole: a CSS module stays in its chunk, and so does its stylesheet', () => {
  it('marks a CSS module, and nothing else, as not to be tree-shaken', () => {
    const hook = cssModulesKeptWhole().transform as unknown as (code: string, id: string) => unknown;
    expect(hook('export const a = "_x0";', '/repo/apps/web/src/x/card.module.css')).toEqual({
      code: 'export const a = "_x0";',
      map: null,
      moduleSideEffects: 'no-treeshake',
    });
    expect(hook('body{}', '/repo/apps/web/src/styles/global.css')).toBeNull();
  });
});

describe('emptyCssModuleChunksDropped: an empty CSS-module chunk is gone, its stylesheet named by its importers', () => {
  const chunk = (fileName: string, code: string, more: Record<string, unknown> = {}) => ({
    type: 'chunk',
    fileName,
    code,
    isEntry: false,
    isDynamicEntry: false,
    exports: [] as string[],
    moduleIds: [] as string[],
    imports: [] as string[],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...more,
  });
  const run = (bundle: Record<string, ReturnType<typeof chunk>>) =>
    (
      emptyCssModuleChunksDropped().generateBundle as unknown as (
        this: { error: (m: string) => never },
        options: unknown,
        bundle: unknown,
      ) => void
    ).call(
      {
        error: (m) => {
          throw new Error(m);
        },
      },
      {},
      bundle,
    );

  it('drops the chunk, its import and its name in the imports, and hands its stylesheet on', () => {
    const css = chunk('assets/login.module-Ab.js', '', {
      moduleIds: ['/repo/apps/web/src/features/session/login.module.css'],
      viteMetadata: {
        importedCss: new Set(['assets/login-Cd.css']),
        importedAssets: new Set(['assets/a.svg']),
      },
    });
    const form = chunk(
      'assets/login-form-Ef.js',
      'import{a}from"./x-Gh.js";import"./login.module-Ab.js";let q=1;',
      {
        imports: ['assets/x-Gh.js', 'assets/login.module-Ab.js'],
        exports: ['t'],
        moduleIds: ['/repo/apps/web/src/features/session/login-form.tsx'],
      },
    );
    const mapped = chunk('assets/login-panel-Ij.js', 'import"./login.module-Ab.js";let r=2;', {
      imports: ['assets/login.module-Ab.js'],
      map: {},
    });
    const bundle: Record<string, ReturnType<typeof chunk>> = {
      [css.fileName]: css,
      [form.fileName]: form,
      [mapped.fileName]: mapped,
    };
    run(bundle);
    expect(Object.keys(bundle)).toEqual([form.fileName, mapped.fileName]);
    expect(form.code).toBe('import{a}from"./x-Gh.js";let q=1;');
    expect(form.imports).toEqual(['assets/x-Gh.js']);
    expect([...form.viteMetadata.importedCss]).toEqual(['assets/login-Cd.css']);
    expect([...form.viteMetadata.importedAssets]).toEqual(['assets/a.svg']);
    // With a source map the statement becomes a comment of its length: the columns after it stay.
    expect(mapped.code).toBe(`/*${' '.repeat('import"./login.module-Ab.js";'.length - 4)}*/let r=2;`);
  });

  it('keeps a chunk with code, exports, a JavaScript module, or an entry', () => {
    const css = ['/repo/apps/web/src/x/a.module.css'];
    const bundle = {
      a: chunk('a', 'let a=1;', { moduleIds: css }),
      b: chunk('b', '', { moduleIds: css, exports: ['t'] }),
      c: chunk('c', '', { moduleIds: [...css, '/repo/apps/web/src/x/a.ts'] }),
      d: chunk('d', '', { moduleIds: css, isDynamicEntry: true }),
      e: chunk('e', '', { moduleIds: css, isEntry: true }),
    };
    run(bundle);
    expect(Object.keys(bundle)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
