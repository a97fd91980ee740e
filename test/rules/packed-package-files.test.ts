import { describe } from 'vitest';
import rule from '../../rules/packed-package-files.js';
import type { PackedPackage } from '../../src/model/packed.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';
import { deepFreeze } from '../../src/shared/freeze.js';

const PACKAGE_JSON = {
  packageJson: 'package.json',
  name: 'bookstore-mcp-server',
  entries: ['dist/index.js'],
  positions: { '/name': { line: 2, column: 3 }, '/bin': { line: 4, column: 3 }, '/files': { line: 5, column: 3 } },
};
const packed = (change: Partial<PackedPackage>) => () =>
  deepFreeze({
    ...makeCapture({ tools: cleanTools() }),
    packed: { ...PACKAGE_JSON, contents: { fileCount: 3, missing: [], devOnly: [] }, ...change },
  });

describe('packed-package-files', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a package that holds what its entry runs', capture: packed({}) },
      {
        name: 'accepts an installed copy (--packed=install) of such a package',
        capture: packed({ installed: { bin: 'node_modules/x/dist/index.js' } }),
      },
      {
        name: 'says nothing without the packed check (--no-packed, an MCPB)',
        capture: () => makeCapture({ tools: cleanTools() }),
        skipped: /not checked as npm would publish it/,
      },
    ],
    invalid: [
      {
        name: 'reports a bin left out, and a file it imports',
        capture: packed({
          contents: {
            fileCount: 1,
            missing: [
              { file: 'dist/index.js', bin: true },
              { file: 'dist/tools.js', bin: false },
            ],
            devOnly: [],
          },
        }),
        findings: [
          { messageId: 'binLeftOut', subject: 'server', message: /leave out dist\/index\.js, the script it starts/ },
          { messageId: 'importLeftOut', subject: 'server', message: /leave out dist\/tools\.js, which its entry imports/ },
        ],
      },
      {
        name: 'reports an import of a devDependency',
        capture: packed({ contents: { fileCount: 2, missing: [], devOnly: [{ name: 'zod', file: 'dist/index.js' }] } }),
        findings: [{ messageId: 'devDependency', subject: 'server', message: /imports "zod" \(dist\/index\.js\)/ }],
      },
      {
        name: 'says, one level milder, when npm could not answer',
        capture: packed({ contents: { problem: 'npm could not be started (spawn npm ENOENT)' } }),
        findings: [{ messageId: 'notChecked', subject: 'server', level: 'warning' }],
      },
      {
        name: 'says, one level milder, when --packed=install could not install the package',
        capture: packed({ installed: { problem: 'npm install of the packed tarball failed (exit 1): E404' } }),
        findings: [{ messageId: 'notInstalled', subject: 'server', level: 'warning', message: /E404/ }],
      },
    ],
  });
});
