import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A module of the web app's own source (its tests excepted), after TypeScript and JSX are gone. */
const APP_MODULE = /[\\/]apps[\\/]web[\\/]src[\\/].+\.(ts|tsx)$/;
const CSS_MODULE = /\.module\.css$/;

/**
 * A CSS module's classes as the names Vite exports them by, not as its default object. Vite turns
 * `x.module.css` into a JavaScript module with one `export const` per class and a default export,
 * an object of every class; the app reads `styles.name` from the default, a property of an object
 * the minifier cannot see through, so every read cost the object's name, the class's key and the
 * lookup, in every chunk. Here a module whose every use of a CSS module's default import is a plain
 * property read (`styles.name`) imports those names instead (`import { name as styles$name }`),
 * and the bundler writes each class's short name where it is read (vite.config.ts,
 * `optimization.inlineConst`; issue 33, decision 060: all player JS 366.4 -> 355.9 kB). A module
 * that uses the object any other way (`styles[key]`, passing it on, a shadowing name) is left as
 * it is. A read of a class the stylesheet does not have was `undefined` and is written so.
 */
export function cssModuleClassesAsNames(): Plugin {
  return {
    name: 'css-module-classes-as-names',
    apply: 'build',
    async transform(code, id) {
      if (!APP_MODULE.test(id) || /\.test\.tsx?$/.test(id) || !code.includes('.module.css')) return null;
      const program = this.parse(code) as unknown as Node;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration') continue;
        const source = (statement.source as Node).value as string;
        const specifiers = statement.specifiers as Node[];
        if (!CSS_MODULE.test(source) || specifiers.length !== 1) continue;
        const [specifier] = specifiers;
        if (specifier!.type !== 'ImportDefaultSpecifier') continue;
        const local = (specifier!.local as Node).name as string;
        const reads = propertyReads(program, local, statement);
        if (!reads) continue;
        const resolved = await this.resolve(source, id);
        if (!resolved) continue;
        const classes = classesOf(readFileSync(resolved.id.split('?')[0]!, 'utf8'));
        const names = [...new Set(reads.map((r) => r.name))].filter((n) => classes.has(n));
        const alias = (name: string) => (classes.has(name) ? `${local}$${name}` : '(void 0)');
        edits.push({
          start: statement.start,
          end: statement.end,
          text: names.length
            ? `import { ${names.map((n) => `${n} as ${alias(n)}`).join(', ')} } from ${JSON.stringify(source)};`
            : `import ${JSON.stringify(source)};`,
        });
        for (const read of reads) edits.push({ start: read.start, end: read.end, text: alias(read.name) });
      }
      if (!edits.length) return null;
      // The edits never overlap (a read is never inside its import); the map keeps the module's
      // other code where it was for the build's source maps (decision 060's analysis reads them).
      const out = new MagicString(code);
      for (const { start, end, text } of edits) out.overwrite(start, end, text);
      return {
        code: out.toString(),
        map: out.generateMap({ hires: true, source: id, includeContent: true }),
      };
    },
  };
}

/**
 * A stylesheet's class selectors and keyframes, each once, in the order they first appear: the
 * names a CSS module can export, and the order vite.config.ts's `shortClassNames` numbers them in.
 * Anything else that matches (a file name in a `url()`) is a name no class uses: it only takes a
 * number there, and here a read of it would fail the build as a missing export.
 */
export function cssModuleClassNames(css: string): string[] {
  const found = css.matchAll(/\.(-?[A-Za-z_][\w-]*)|@keyframes\s+(-?[A-Za-z_][\w-]*)/g);
  return [...new Set([...found].map((m) => m[1] ?? m[2]!))];
}

/**
 * The names a CSS module's stylesheet can export (`cssModuleClassNames`). A read of any other name
 * was `undefined` and stays so; a name found here that the stylesheet does not export (a `:global`
 * class) fails the build as a missing export.
 */
export function classesOf(css: string): Set<string> {
  return new Set(cssModuleClassNames(css));
}

/**
 * Every use of `local` in the module as `local.name` (a non-computed read whose property is an
 * identifier other than `default`), or null when it is used any other way anywhere (including a
 * declaration of the same name in an inner scope, which this does not tell apart).
 */
function propertyReads(
  program: Node,
  local: string,
  declaration: Node,
): { start: number; end: number; name: string }[] | null {
  const reads: { start: number; end: number; name: string }[] = [];
  let other = false;
  const visit = (node: unknown, parent: Node | null, key: string): void => {
    if (other) return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, parent, key));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n === declaration) return;
    if (n.type === 'MemberExpression' && !n.computed) {
      const object = n.object as Node;
      const property = n.property as Node;
      if (object.type === 'Identifier' && object.name === local) {
        if (property.type === 'Identifier' && property.name !== 'default')
          reads.push({ start: n.start, end: n.end, name: property.name as string });
        else other = true;
        return;
      }
      // `a.local`: the property is a name, not a use.
      return visit(n.object, n, 'object');
    }
    if (n.type === 'Identifier') {
      if (n.name !== local) return;
      // An object's key or a method's name (`{ local: 1 }`, `local() {}`) is not a use.
      const isKey =
        parent &&
        (parent.type === 'Property' ||
          parent.type === 'MethodDefinition' ||
          parent.type === 'PropertyDefinition') &&
        key === 'key' &&
        !parent.computed &&
        !(parent as { shorthand?: boolean }).shorthand;
      if (!isKey) other = true;
      return;
    }
    for (const [k, value] of Object.entries(n)) if (k !== 'type') visit(value, n, k);
  };
  visit(program, null, '');
  return other ? null : reads;
}

/**
 * Each CSS module kept whole in its chunk, for its stylesheet's sake. Vite adds a chunk's
 * stylesheets from the modules the chunk renders, and declares a CSS module's JavaScript free of
 * side effects; once the bundler writes its classes where they are read (vite.config.ts,
 * `optimization.inlineConst`), nothing of it is left to render and 52 of the 72 stylesheets were
 * silently left out of the build (an unstyled site). Marked as not to be tree-shaken, the module
 * stays, and with it its stylesheet: the same CSS files, byte for byte, as without either change.
 */
export function cssModulesKeptWhole(): Plugin {
  return {
    name: 'css-modules-kept-whole',
    apply: 'build',
    // After Vite's own CSS plugins, which set the module's side effects to false.
    enforce: 'post',
    transform(code, id) {
      if (!CSS_MODULE.test(id)) return null;
      return { code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  exports: string[];
  moduleIds: string[];
  imports: string[];
  map?: unknown;
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * The empty chunks of CSS modules, gone, their stylesheets named by the chunks that imported
 * them. A CSS module several lazy chunks share (the login's, the forms', the support pages') is
 * kept whole (`cssModulesKeptWhole`) and so gets a chunk of its own, whose JavaScript is empty once
 * its classes are written where they are read: an empty file named in the preload lists of its
 * importers and imported by each (`import"./login.module-….js"`). Vite drops a chunk with only
 * CSS in it and hands its stylesheets to its importers, but never one with a CSS module, whose
 * JavaScript it takes to be its classes' object. Here, before Vite writes the preload lists, a
 * chunk that is not an entry, exports nothing, has no code and holds only stylesheets is dropped
 * the same way: each importer takes its stylesheets and assets and loses the import (six files
 * and their names in 40 preload lists; issue 33, decision 060). Its stylesheet is unchanged and
 * still loaded with each page that imports it.
 */
export function emptyCssModuleChunksDropped(): Plugin {
  return {
    name: 'empty-css-module-chunks-dropped',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as BundleChunk[];
      const empty = new Map(
        chunks
          .filter(
            (c) =>
              !c.isEntry &&
              !c.isDynamicEntry &&
              c.exports.length === 0 &&
              c.code.trim() === '' &&
              c.moduleIds.length > 0 &&
              c.moduleIds.every((id) => /\.css(\?|$)/.test(id)),
          )
          .map((c) => [c.fileName, c]),
      );
      if (!empty.size) return;
      for (const chunk of chunks) {
        if (empty.has(chunk.fileName) || !chunk.imports.some((f) => empty.has(f))) continue;
        for (const file of chunk.imports.filter((f) => empty.has(f))) {
          const dropped = empty.get(file)!;
          dropped.viteMetadata?.importedCss.forEach((css) => chunk.viteMetadata?.importedCss.add(css));
          dropped.viteMetadata?.importedAssets.forEach((a) => chunk.viteMetadata?.importedAssets.add(a));
          const name = file.slice(file.lastIndexOf('/') + 1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const statement = new RegExp(`\\bimport\\s*["'][^"']*/${name}["'];?`, 'g');
          // With a source map, a comment of the same length keeps the columns after it (as Vite does).
          chunk.code = chunk.code.replace(statement, (m) =>
            chunk.map ? `/*${''.padEnd(m.length - 4)}*/` : '',
          );
          if (chunk.code.includes(file.slice(file.lastIndexOf('/') + 1)))
            this.error(`empty-css-module-chunks-dropped: ${chunk.fileName} still names ${file}`);
        }
        chunk.imports = chunk.imports.filter((f) => !empty.has(f));
      }
      for (const file of empty.keys()) delete bundle[file];
    },
  };
}
