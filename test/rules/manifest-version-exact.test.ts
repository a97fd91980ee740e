import { describe } from 'vitest';
import rule from '../../rules/manifest-version-exact.js';
import { BOOKSTORE_PROJECT, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const npm = (version: string) => [{ registryType: 'npm', identifier: 'bookstore-mcp-server', version, transport: { type: 'stdio' } }];

describe('manifest-version-exact', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts exact versions equal to package.json', capture: () => manifestCapture(serverJson()) },
      {
        name: 'accepts a prerelease',
        capture: () =>
          manifestCapture(serverJson({ version: '1.0.0-rc.1', packages: npm('1.0.0-rc.1') }), {
            packageJson: { name: 'bookstore-mcp-server', version: '1.0.0-rc.1' },
          }),
      },
      {
        name: 'does not compare a package of another project with this package.json',
        capture: () =>
          manifestCapture(
            serverJson({ packages: [{ registryType: 'npm', identifier: 'other', version: '9.9.9', transport: { type: 'stdio' } }] }),
          ),
      },
    ],
    invalid: [
      {
        name: 'reports a caret range',
        capture: () => manifestCapture(serverJson({ packages: npm('^1.0.0') })),
        findings: [{ messageId: 'range', subject: 'server' }],
      },
      {
        name: 'reports an x-range and an alternative',
        capture: () => manifestCapture(serverJson({ version: '1.x', packages: npm('1.0.0 || 2.0.0') })),
        findings: [
          { messageId: 'range', subject: 'server' },
          { messageId: 'range', subject: 'server' },
        ],
      },
      {
        name: 'reports latest',
        capture: () => manifestCapture(serverJson({ packages: npm('latest') })),
        findings: [{ messageId: 'latest', subject: 'server' }],
      },
      {
        name: 'reports a version that package.json does not have',
        capture: () => manifestCapture(serverJson({ version: '1.0.1', packages: npm('1.0.1') }), BOOKSTORE_PROJECT),
        findings: [
          { messageId: 'differs', subject: 'server', message: /packages\[0\]\.version/ },
          { messageId: 'differs', subject: 'server', message: /gives version as "1\.0\.1", but package\.json says "1\.0\.0"/ },
        ],
      },
      {
        name: 'compares a PyPI package with pyproject.toml, names normalised',
        capture: () =>
          manifestCapture(
            serverJson({
              version: '0.2.0',
              packages: [{ registryType: 'pypi', identifier: 'Bookstore_MCP', version: '0.2.0', transport: { type: 'stdio' } }],
            }),
            {
              pyproject: { name: 'bookstore-mcp', version: '0.3.0' },
            },
          ),
        findings: [
          { messageId: 'differs', subject: 'server', message: /packages\[0\]/ },
          { messageId: 'differs', subject: 'server', message: /gives version as "0\.2\.0", but pyproject\.toml says "0\.3\.0"/ },
        ],
      },
    ],
  });
});
