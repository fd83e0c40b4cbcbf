import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The web build's rewrites of the contract's source (packages/contract/src), which the server, the
 * back office and the Vitest projects read untouched: its schemas made droppable where nothing
 * reads them, and its call declarations cut to what the web client reads (decision 029, session 31
 * amendment; bench/web-size). vite.config.ts lists them in the order they run;
 * contract-plugins.test.ts holds their output.
 */

/**
 * The contract's schemas are values built from other schemas (`MoneyMovementSchema.extend(...)`,
 * `IdempotencyKeySchema.optional()`). A bundler cannot know such a method call is free of side
 * effects, so a module the entry imports for a plain constant (an error section declared next to
 * its calls) kept every schema in it, and zod with them: +29 kB gzip on the home route. Marking
 * those calls pure lets the unused ones go, like the `z.*` calls (treeshake.manualPureFunctions).
 */
export function contractSchemasPure(): Plugin {
  const SCHEMA_CALL = /(?<![\w.$])([A-Z][A-Za-z0-9]*Schema)\.(\w+)\(/g;
  return {
    name: 'contract-schemas-pure',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts'))
        return null;
      return { code: code.replace(SCHEMA_CALL, '/* @__PURE__ */ $1.$2('), map: null };
    },
  };
}

/** A module of the contract's source that the web build may rewrite (its tests excepted). */
function isContractModule(id: string): boolean {
  return /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/.test(id) && !id.endsWith('.test.ts');
}

/** zod's schema methods: none changes anything, each returns a new schema. */
const ZOD_METHODS = new Set(
  (
    'optional nullable nullish default catch prefault min max length int positive nonnegative negative ' +
    'nonpositive multipleOf regex email url uuid trim toLowerCase toUpperCase startsWith endsWith ' +
    'includes transform pipe refine superRefine check extend safeExtend merge pick omit partial required ' +
    'strict passthrough strip array describe meta brand readonly or and nonempty element keyof unwrap'
  ).split(' '),
);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The same for chains of schema methods (`z.string().max(16).transform(f)`, `Query.optional()`):
 * an annotation covers the one call it stands before, so an unused schema built by a chain stayed,
 * and zod with it, in every chunk that imports a constant of its module (the lottery chunk reads
 * the order statuses of contract/lottery.ts: +25 kB gzip). Each call of a schema method gets its
 * own annotation, its object in parentheses (`/* @__PURE__ *\/ (obj).max(16)`), after TypeScript
 * is stripped so the module parses as JavaScript.
 */
export function contractSchemaChainsPure(): Plugin {
  return {
    name: 'contract-schema-chains-pure',
    transform(code, id) {
      if (!isContractModule(id)) return null;
      const inserts: { at: number; text: string; order: number }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        const n = node as Node;
        if (n.type === 'CallExpression') {
          const callee = n.callee as Node;
          const property = callee.property as Node | undefined;
          if (
            callee.type === 'MemberExpression' &&
            !callee.computed &&
            property?.type === 'Identifier' &&
            ZOD_METHODS.has(property.name as string)
          ) {
            const object = callee.object as Node;
            // Wider calls first at a shared start, so the outer parenthesis opens first.
            inserts.push({ at: object.start, text: '/* @__PURE__ */ (', order: -(n.end - n.start) });
            inserts.push({ at: object.end, text: ')', order: 0 });
          }
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
      };
      visit(this.parse(code));
      if (!inserts.length) return null;
      inserts.sort((a, b) => b.at - a.at || b.order - a.order);
      let out = code;
      for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}

/** What the web client reads of a call's declaration (CallRef, shared/http/call-ref.ts). */
const CALL_WIRE_KEYS = new Set(['id', 'method', 'path', 'token', 'encrypted', 'wire']);

/**
 * The contract's call declarations as the web client uses them: their wire shape only. A feature
 * may pass the contract's call itself to `call()` (call-ref.ts), and the declaration kept every
 * schema it names (`query`, `body`, `response`) with zod under them, and its English `summary`
 * for the OpenAPI document; the client reads none of them (it types its answers from the schemas
 * at compile time and trusts the server's). So 36 player chunks imported zod's chunk (20.4 kB gzip)
 * for declarations alone (issue 33, bench/web-size: all player JS ≤ 350 kB). Here each
 * `defineCall({...})` keeps only CALL_WIRE_KEYS; a schema a module still reads at run time (a
 * `safeParse`, a form's check) stays, and brings zod with it where it is used. The server, the
 * back office and the Vitest projects read the contract untouched.
 */
export function callDefsWireOnly(): Plugin {
  return {
    name: 'call-defs-wire-only',
    apply: 'build',
    transform(code, id) {
      if (!isContractModule(id)) return null;
      if (!code.includes('defineCall(')) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        const n = node as Node;
        const callee = n.callee as Node | undefined;
        const [arg] = (n.arguments as Node[] | undefined) ?? [];
        if (
          n.type === 'CallExpression' &&
          callee?.type === 'Identifier' &&
          callee.name === 'defineCall' &&
          arg?.type === 'ObjectExpression'
        ) {
          const properties = arg.properties as Node[];
          const kept = properties.filter((p) => {
            const key = p.key as Node | undefined;
            // A spread or a computed key cannot be judged here: keep it, schemas and all.
            if (p.type !== 'Property' || p.computed || key?.type !== 'Identifier') return true;
            return CALL_WIRE_KEYS.has(key.name as string);
          });
          if (kept.length < properties.length)
            edits.push({
              start: arg.start,
              end: arg.end,
              text: `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }`,
            });
          return;
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
      };
      visit(this.parse(code));
      if (!edits.length) return null;
      let out = code;
      for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
        out = out.slice(0, start) + text + out.slice(end);
      return { code: out, map: null };
    },
  };
}

/** The identifier a chain of calls and property reads starts from (`z` in `z.string().max(4)`). */
function chainRoot(node: Node): Node {
  if (node.type === 'CallExpression') return chainRoot(node.callee as Node);
  if (node.type === 'MemberExpression') return chainRoot(node.object as Node);
  return node;
}

/**
 * A schema the browser never reads still cost zod when its arguments read a property or spread
 * a list (`z.enum(WithdrawProofLimits.contentTypes)`, `z.enum([...rgMoneyKinds, 'session'])`,
 * `z.object({ ...challengeFields })`): the pure annotations cover the call, not its arguments,
 * and a read or a spread may run code (a getter, an iterator), so the bundler kept the arguments
 * and the calls they feed. After callDefsWireOnly, three such unused schemas were all that kept
 * zod in the player's responsible-gambling and withdrawal chunks. Each top-level schema
 * declaration of a contract module (`const X = z…` or `const X = OtherSchema.…`) is here built
 * inside an arrow called at once and marked pure (`/* @__PURE__ *\/ (() => z.object({…}))()`):
 * the same value at the same moment when the schema is used, nothing at all when it is not. The
 * contract declares itself free of side effects (its package.json), so no module relies on one.
 */
export function contractSchemaDeclarationsDroppable(): Plugin {
  return {
    name: 'contract-schema-declarations-droppable',
    apply: 'build',
    transform(code, id) {
      if (!isContractModule(id)) return null;
      const inserts: { at: number; text: string }[] = [];
      for (const statement of this.parse(code).body as unknown as Node[]) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as Node | null;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init?.type !== 'CallExpression') continue;
          const root = chainRoot(init);
          if (root.type !== 'Identifier' || !(root.name === 'z' || /Schema$/.test(root.name as string)))
            continue;
          inserts.push({ at: init.end, text: ')()' }, { at: init.start, text: '/* @__PURE__ */ (() => ' });
        }
      }
      if (!inserts.length) return null;
      let out = code;
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at))
        out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}

/** A module of the web app's own source (its tests excepted), after TypeScript and JSX are gone. */
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/].+\.(ts|tsx)$/;

/** `x as const`, `x satisfies T`: the expression itself. */
function unwrapTs(node: Node | undefined): Node | undefined {
  while (node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression'))
    node = node.expression as Node;
  return node;
}

/**
 * Each refusal of the catalogue's sections (`const xErrors = { name: { code, status, message } }`)
 * by name, with the fields written as plain literals. A name two sections share is left out
 * (which one `Errors` holds depends on the order of its spreads).
 */
export function errorCatalogueOf(program: Node): Map<string, Map<string, string | number>> {
  const found = new Map<string, Map<string, string | number>>();
  const shared = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    const name = (n.id as Node | undefined)?.name as string | undefined;
    const init = unwrapTs(n.init as Node | undefined);
    if (n.type === 'VariableDeclarator' && name?.endsWith('Errors') && init?.type === 'ObjectExpression') {
      for (const entry of init.properties as Node[]) {
        const key = entry.key as Node | undefined;
        const value = unwrapTs(entry.value as Node | undefined);
        if (entry.type !== 'Property' || entry.computed || key?.type !== 'Identifier') continue;
        if (value?.type !== 'ObjectExpression') continue;
        const fields = new Map<string, string | number>();
        for (const field of value.properties as Node[]) {
          const fieldKey = field.key as Node | undefined;
          const fieldValue = field.value as Node | undefined;
          if (field.type !== 'Property' || field.computed || fieldKey?.type !== 'Identifier') continue;
          const literal = fieldValue?.type === 'Literal' ? fieldValue.value : undefined;
          if (typeof literal === 'string' || typeof literal === 'number')
            fields.set(fieldKey.name as string, literal);
        }
        const entryName = key.name as string;
        if (found.has(entryName)) shared.add(entryName);
        found.set(entryName, fields);
      }
      return;
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
  };
  visit(program);
  for (const name of shared) found.delete(name);
  return found;
}

/**
 * The error catalogue's fields written where the web reads them. The app reads a refusal's code
 * (and twice its status or sentence) as `Errors.name.code`, a property of the catalogue object
 * `Errors` that spreads every section of the contract's errors.ts; a bundler keeps an object whole,
 * so any such read put every refusal's code, status and English sentence (6.5 kB gzip, most of
 * them sentences the web never shows) into the player's JS. Here each `Errors.<name>.<field>` read
 * of a module of the app that imports `Errors` from the contract becomes the field's literal
 * (`"social.no.account"`), read from the catalogue's source at the start of the build; a read of a
 * name or field that is not a literal there stays a read. Nothing in the web then reads `Errors`
 * itself (shared/forms/error-text.ts words the player's forms from `PlayerErrors` and
 * `ResponsibleErrors`), and the bundler drops it (issue 33, decision 060). The server, the back
 * office and the tests read the catalogue untouched.
 */
export function errorCatalogueReadsAsLiterals(errorsFile: string): Plugin {
  let catalogue = new Map<string, Map<string, string | number>>();
  return {
    name: 'error-catalogue-reads-as-literals',
    apply: 'build',
    buildStart() {
      const source = readFileSync(errorsFile, 'utf8');
      catalogue = errorCatalogueOf(this.parse(source, { lang: 'ts' }) as unknown as Node);
      if (catalogue.size === 0)
        this.error(`error-catalogue-reads-as-literals: read no refusal from ${errorsFile}`);
    },
    transform(code, id) {
      if (!APP_SOURCE.test(id) || /\.test\.tsx?$/.test(id) || !code.includes('Errors')) return null;
      const program = this.parse(code) as unknown as Node;
      let local: string | null = null;
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration' || (statement.source as Node).value !== '@app/contract')
          continue;
        for (const specifier of statement.specifiers as Node[])
          if (
            specifier.type === 'ImportSpecifier' &&
            ((specifier.imported as Node).name as string) === 'Errors'
          )
            local = (specifier.local as Node).name as string;
      }
      if (!local) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object') return;
        const n = node as Node;
        if (n.type === 'MemberExpression' && !n.computed) {
          const inner = n.object as Node;
          const object = inner.type === 'MemberExpression' && !inner.computed ? (inner.object as Node) : null;
          if (object?.type === 'Identifier' && object.name === local) {
            const value = catalogue
              .get((inner.property as Node).name as string)
              ?.get((n.property as Node).name as string);
            if (value !== undefined) {
              edits.push({ start: n.start, end: n.end, text: JSON.stringify(value) });
              return;
            }
          }
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
      };
      visit(program);
      if (!edits.length) return null;
      const out = new MagicString(code);
      for (const { start, end, text } of edits) out.overwrite(start, end, text);
      return {
        code: out.toString(),
        map: out.generateMap({ hires: true, source: id, includeContent: true }),
      };
    },
  };
}
