// The repository's import boundaries, as two ESLint rules that resolve each relative import to
// the file it names (issue 14). ESLint's no-restricted-imports matches the text of a specifier,
// so '../../features/orders/x.ts', a folder import ('../orders') or a dynamic import() slipped
// past it; these rules judge where an import lands, however it is spelt. No resolver plugin:
// import-x's native resolver is missing from the registry mirror (see eaf4ee4).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SCHEMA_DIR = path.join(ROOT, 'apps/api/src/db/schema');
const API_SRC = path.join(ROOT, 'apps/api/src');

/** apps/api/src's folders below the modules: they serve every module and know none (decision 010). */
const API_LOWER_LAYERS = ['plugins', 'db', 'lib', 'providers', 'config'];

/**
 * apps/web/src's layers (bulletproof-react) and what each may import besides itself; see
 * apps/web/src/README.md. A feature may import its own files, never another feature's.
 * app/ and main.tsx compose everything; nothing else imports app/.
 */
const WEB_LAYERS = {
  app: '*',
  'main.tsx': '*',
  features: ['shared', 'components', 'lib', 'test'],
  shared: ['components', 'lib', 'test'],
  test: ['shared', 'components', 'lib'],
  components: ['lib'],
  lib: [],
};

/** Calls the visitor with each module specifier in the file and the node to report on. */
function eachSpecifier(visit) {
  const literal = (node, source) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') visit(node, source.value);
    else if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
      visit(node, source.quasis[0].value.cooked);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.argument?.literal ?? node.argument),
  };
}

/** The web layer a path lies in: 'features/<name>' for a feature, null outside apps/web/src. */
function webLayer(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, feature] = relative.split(path.sep);
  return top === 'features' && feature ? { layer: top, feature } : { layer: top };
}

const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "apps/web/src's layers: features apart, shared layers below them" },
    schema: [],
  },
  create(context) {
    const from = webLayer(context.filename);
    const allowed = from && WEB_LAYERS[from.layer];
    if (!allowed || allowed === '*') return {};
    return eachSpecifier((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const to = webLayer(path.resolve(path.dirname(context.filename), specifier));
      if (!to || !(to.layer in WEB_LAYERS)) return;
      if (from.layer === 'features' && to.layer === 'features') {
        if (to.feature !== from.feature)
          context.report({
            node,
            message: `Features do not import each other: features/${from.feature} imports features/${to.feature}; move what both use to shared/.`,
          });
        return;
      }
      if (to.layer === from.layer || allowed.includes(to.layer)) return;
      const target = to.layer === 'features' ? `features/${to.feature}` : `${to.layer}/`;
      context.report({
        node,
        message: `${from.layer}/ may not import ${target}: see the layers in apps/web/src/README.md.`,
      });
    });
  },
};

const databaseAccess = {
  meta: {
    type: 'problem',
    docs: { description: 'Drizzle and the schema only in repositories and db/ (decision 010)' },
    schema: [],
  },
  create(context) {
    return eachSpecifier((node, specifier) => {
      const drizzle = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
      const schema =
        specifier.startsWith('.') &&
        !path
          .relative(SCHEMA_DIR, path.resolve(path.dirname(context.filename), specifier))
          .startsWith('..');
      if (drizzle || schema)
        context.report({
          node,
          message: `'${specifier}': queries live in *.repository.ts (decision 010).`,
        });
    });
  },
};

/**
 * Tests reach into what they test, and set up rows through other modules' repositories: the
 * boundaries are the running server's shape, so test files and test helpers are outside them.
 */
const isApiTestFile = (file) =>
  /\.test\.ts$|\.test-helpers\.ts$|-test-client\.ts$/.test(file) ||
  file.split(path.sep).includes('test');

/** Where a file lies in apps/api/src: a module's name, a lower layer's, or null elsewhere. */
function apiPlace(apiSrc, file) {
  const relative = path.relative(apiSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, module, rest] = relative.split(path.sep);
  if (top === 'modules' && module && rest)
    return {
      module,
      isFace: relative.endsWith(`${path.sep}index.ts`) && !relative.split(path.sep)[3],
    };
  if (API_LOWER_LAYERS.includes(top)) return { layer: top };
  return null;
}

const SPECIFIERS = /(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Which modules each module imports (its non-test files), read from the files themselves once
 * per lint run: a loop shows only across files, which one file's lint cannot see.
 * @returns {Map<string, Set<string>>}
 */
function moduleGraph(apiSrc) {
  const graph = new Map();
  const modulesDir = path.join(apiSrc, 'modules');
  for (const module of fs.readdirSync(modulesDir)) {
    const edges = new Set();
    graph.set(module, edges);
    const dir = path.join(modulesDir, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir, { recursive: true })) {
      const file = path.join(dir, String(name));
      if (!/\.tsx?$/.test(file) || isApiTestFile(file)) continue;
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
        const to = apiPlace(apiSrc, path.resolve(path.dirname(file), specifier));
        if (to?.module && to.module !== module) edges.add(to.module);
      }
    }
  }
  return graph;
}

const graphs = new Map();
const graphOf = (apiSrc) => {
  if (!graphs.has(apiSrc)) graphs.set(apiSrc, moduleGraph(apiSrc));
  return graphs.get(apiSrc);
};

/** The way from one module back to another, if there is one: ['b', 'c', 'a'] for b → c → a. */
function pathBetween(graph, from, to, seen = new Set()) {
  if (from === to) return [to];
  if (seen.has(from)) return null;
  seen.add(from);
  for (const next of graph.get(from) ?? []) {
    const rest = pathBetween(graph, next, to, seen);
    if (rest) return [from, ...rest];
  }
  return null;
}

const apiModules = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "apps/api/src's modules: one imports another only through its face (index.ts), no two import each other, and the layers below know no module",
    },
    schema: [],
  },
  create(context) {
    const apiSrc = context.settings.boundaries?.apiSrc ?? API_SRC;
    const from = apiPlace(apiSrc, context.filename);
    if (!from || isApiTestFile(context.filename)) return {};
    return eachSpecifier((node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const to = apiPlace(apiSrc, path.resolve(path.dirname(context.filename), specifier));
      if (!to?.module) return;
      if (from.layer) {
        context.report({
          node,
          message: `${from.layer}/ may not import a module (modules/${to.module}): the layers below the modules serve them all; pass what you need in from app.ts or server.ts (decision 010).`,
        });
        return;
      }
      if (to.module === from.module) return;
      if (!to.isFace) {
        context.report({
          node,
          message: `modules/${from.module} reaches into modules/${to.module}: import '../${to.module}/index.ts', its face, and add what you need there (decision 010).`,
        });
        return;
      }
      const back = pathBetween(graphOf(apiSrc), to.module, from.module);
      if (back)
        context.report({
          node,
          message: `Modules in a loop: ${[from.module, ...back].join(' → ')}. Move what both need to the module below them (decision 010).`,
        });
    });
  },
};

export default {
  meta: { name: 'eisteddfod-boundaries' },
  rules: {
    'web-layers': webBoundaries,
    'database-access': databaseAccess,
    'api-modules': apiModules,
  },
};
