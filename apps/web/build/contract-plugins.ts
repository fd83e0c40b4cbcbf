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
