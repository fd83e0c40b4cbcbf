import { dirname, resolve, sep } from 'node:path';

/**
 * Local ESLint rules for the import boundaries of DESIGN.md §1, resolved on real paths so that
 * any relative spelling of an import is judged the same way.
 */
function importSources(context, check) {
  const visit = (node) => {
    const source = node.source;
    if (source && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

function segmentsAfter(path, marker) {
  const parts = path.split(sep);
  const i = parts.lastIndexOf(marker);
  return i === -1 ? null : parts.slice(i + 1);
}

/** A web feature imports another feature only through that feature's index. */
const featureIndex = {
  meta: {
    type: 'problem',
    messages: { inside: 'Import feature "{{feature}}" only through its index.ts (DESIGN.md §1).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = segmentsAfter(file, 'features')?.[0];
    return importSources(context, (node, spec) => {
      if (!spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const rest = segmentsAfter(target, 'features');
      if (!rest || rest.length < 2) return;
      const [feature, ...inner] = rest;
      if (feature === own) return;
      const isIndex = inner.length === 1 && /^index(\.tsx?)?$/.test(inner[0]);
      if (!isIndex) context.report({ node, messageId: 'inside', data: { feature } });
    });
  },
};

/** A web feature never reaches into the app's composition root (src/app): only shared/ and contract. */
const featureNoApp = {
  meta: {
    type: 'problem',
    messages: { app: 'Features import shared/ and the contract, never src/app (DESIGN.md §1).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!segmentsAfter(file, 'features')) return {};
    const srcRoot = file.slice(0, file.lastIndexOf(`${sep}features${sep}`));
    return importSources(context, (node, spec) => {
      if (!spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      if (target.startsWith(`${srcRoot}${sep}app${sep}`) || target === `${srcRoot}${sep}app`)
        context.report({ node, messageId: 'app' });
    });
  },
};

/** A server module reaches another module through its service, never its repo. */
const moduleService = {
  meta: {
    type: 'problem',
    messages: { repo: 'Module "{{module}}" is reached through its service, never its repo (DESIGN.md §1).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = segmentsAfter(file, 'modules')?.[0];
    return importSources(context, (node, spec) => {
      if (!spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const rest = segmentsAfter(target, 'modules');
      if (!rest || rest.length < 2) return;
      const [module] = rest;
      const isRepo = /\.repo(\.ts)?$/.test(rest[rest.length - 1]);
      // Outside modules/ (cli, jobs, seed) a repo is equally off limits: services are the door.
      if (isRepo && module !== own) context.report({ node, messageId: 'repo', data: { module } });
    });
  },
};

export const boundaries = {
  rules: { 'feature-index': featureIndex, 'feature-no-app': featureNoApp, 'module-service': moduleService },
};
