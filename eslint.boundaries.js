// The repository's import boundaries, as two ESLint rules that resolve each relative import to
// the file it names (issue 14). ESLint's no-restricted-imports matches the text of a specifier,
// so '../../features/orders/x.ts', a folder import ('../orders') or a dynamic import() slipped
// past it; these rules judge where an import lands, however it is spelt. No resolver plugin:
// import-x's native resolver is missing from the registry mirror (see eaf4ee4).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SCHEMA_DIR = path.join(ROOT, 'apps/api/src/db/schema');

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

export default {
  meta: { name: 'eisteddfod-boundaries' },
  rules: { 'web-layers': webBoundaries, 'database-access': databaseAccess },
};
