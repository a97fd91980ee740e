import { describe } from 'vitest';
import rule from '../../rules/manifest-packed-files.js';
import type { PackedFacts } from '../../src/model/manifest.js';
import { BOOKSTORE_PROJECT, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const packed = (facts: PackedFacts) => () => manifestCapture(serverJson(), { ...BOOKSTORE_PROJECT, packed: facts });

describe('manifest-packed-files', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a package that holds what its bin runs', capture: packed({ fileCount: 3, missing: [], devOnly: [] }) },
      { name: 'says nothing without the packed check (--no-packed, an MCPB)', capture: () => manifestCapture(serverJson()) },
    ],
    invalid: [
      {
        name: 'reports a bin left out, and a file it imports',
        capture: packed({
          fileCount: 1,
          missing: [
            { file: 'dist/index.js', bin: true },
            { file: 'dist/tools.js', bin: false },
          ],
          devOnly: [],
        }),
        findings: [
          { messageId: 'importLeftOut', subject: 'server', message: /leave out dist\/tools\.js/ },
          { messageId: 'binLeftOut', subject: 'server', message: /its bin, dist\/index\.js/ },
        ],
      },
      {
        name: 'reports an import of a devDependency',
        capture: packed({ fileCount: 2, missing: [], devOnly: [{ name: 'zod', file: 'dist/index.js' }] }),
        findings: [{ messageId: 'devDependency', subject: 'server', message: /imports "zod" \(dist\/index\.js\)/ }],
      },
      {
        name: 'says, one level milder, when npm could not answer',
        capture: packed({ problem: 'npm could not be started (spawn npm ENOENT)' }),
        findings: [{ messageId: 'notChecked', subject: 'server', level: 'warning' }],
      },
    ],
  });
});
