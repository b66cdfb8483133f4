// The import boundaries' rules, each shown failing on the import it exists to stop (issue 33).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import boundaries from './eslint.boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

/**
 * A small apps/api/src of its own: modules a, b and c, where a imports b's face and b imports
 * c's, so that c importing a closes a loop; d stands alone.
 */
const apiSrc = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
const files = {
  'modules/a/a.service.ts': "import { fromB } from '../b/index.ts';\nexport const a = fromB;\n",
  'modules/a/index.ts': "export { a } from './a.service.ts';\n",
  'modules/b/b.service.ts': "import { fromC } from '../c/index.ts';\nexport const fromB = fromC;\n",
  'modules/b/index.ts': "export { fromB } from './b.service.ts';\n",
  'modules/c/index.ts': 'export const fromC = 1;\n',
  'modules/c/c.test.ts': "import { a } from '../a/a.service.ts';\nexport const t = a;\n",
  'modules/d/index.ts': 'export const fromD = 1;\n',
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(apiSrc, name)), { recursive: true });
  fs.writeFileSync(path.join(apiSrc, name), text);
}
afterAll(() => fs.rmSync(apiSrc, { recursive: true, force: true }));

const at = (name) => path.join(apiSrc, name);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
  settings: { boundaries: { apiSrc } },
});

tester.run('api-modules', boundaries.rules['api-modules'], {
  valid: [
    {
      name: "another module's face",
      filename: at('modules/a/x.ts'),
      code: "import { fromD } from '../d/index.ts';",
    },
    {
      name: "the module's own files",
      filename: at('modules/a/x.ts'),
      code: "import { a } from './a.service.ts';",
    },
    {
      name: 'a lower layer',
      filename: at('modules/a/x.ts'),
      code: "import { x } from '../../lib/x.ts';",
    },
    {
      name: 'a test reaching in',
      filename: at('modules/d/d.test.ts'),
      code: "import { a } from '../a/a.service.ts';",
    },
    {
      name: 'a test helper reaching in',
      filename: at('modules/d/d.test-helpers.ts'),
      code: "import { a } from '../a/a.service.ts';",
    },
    {
      name: 'app.ts composing modules',
      filename: at('app.ts'),
      code: "import a from './modules/a/a.module.ts';",
    },
    { name: 'a package', filename: at('plugins/x.ts'), code: "import fp from 'fastify-plugin';" },
  ],
  invalid: [
    {
      name: "another module's internals",
      filename: at('modules/d/x.ts'),
      code: "import { fromB } from '../b/b.service.ts';",
      errors: [{ message: /modules\/d reaches into modules\/b: import '\.\.\/b\/index\.ts'/ }],
    },
    {
      name: "another module's internals, as a type",
      filename: at('modules/d/x.ts'),
      code: "import type { B } from '../b/b.service.ts';",
      errors: [{ message: /reaches into modules\/b/ }],
    },
    {
      name: "another module's internals, by a dynamic import",
      filename: at('modules/d/x.ts'),
      code: "export const load = () => import('../b/b.service.ts');",
      errors: [{ message: /reaches into modules\/b/ }],
    },
    {
      name: 'a folder import, spelt another way',
      filename: at('modules/d/x.ts'),
      code: "import { fromB } from '../../modules/b/b.service.ts';",
      errors: [{ message: /reaches into modules\/b/ }],
    },
    {
      name: 'a module loop, closed through faces',
      filename: at('modules/c/c.service.ts'),
      code: "import { a } from '../a/index.ts';",
      errors: [
        {
          message:
            'Modules in a loop: c → a → b → c. Move what both need to the module below them (decision 010).',
        },
      ],
    },
    ...['plugins', 'db', 'lib', 'providers', 'config'].map((layer) => ({
      name: `${layer}/ importing a module's face`,
      filename: at(`${layer}/x.ts`),
      code: "import { fromD } from '../modules/d/index.ts';",
      errors: [{ message: new RegExp(`^${layer}/ may not import a module \\(modules/d\\)`) }],
    })),
  ],
});
