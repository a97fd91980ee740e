import { describe } from 'vitest';
import rule from '../../rules/manifest-ownership.js';
import { manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const pypi = [{ registryType: 'pypi', identifier: 'bookstore-mcp', version: '1.0.0', transport: { type: 'stdio' } }];
const oci = [{ registryType: 'oci', identifier: 'ghcr.io/mcplint/bookstore:1.0.0', transport: { type: 'stdio' } }];

describe('manifest-ownership', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts an npm package whose mcpName is the server name', capture: () => manifestCapture(serverJson()) },
      {
        name: 'accepts a PyPI package whose README carries the marker',
        capture: () =>
          manifestCapture(serverJson({ packages: pypi }), {
            pyproject: { name: 'bookstore-mcp', version: '1.0.0' },
            readmeMcpNames: ['io.github.mcplint/bookstore'],
          }),
      },
      {
        name: 'accepts an OCI image whose Dockerfile carries the label',
        capture: () => manifestCapture(serverJson({ packages: oci }), { dockerfileMcpNames: ['io.github.mcplint/bookstore'] }),
      },
      { name: 'says nothing of an OCI image without a Dockerfile here', capture: () => manifestCapture(serverJson({ packages: oci }), {}) },
      {
        name: 'says nothing of a package of another project',
        capture: () => manifestCapture(serverJson(), { packageJson: { name: 'something-else', version: '1.0.0' } }),
      },
    ],
    invalid: [
      {
        name: 'reports a missing mcpName',
        capture: () => manifestCapture(serverJson(), { packageJson: { name: 'bookstore-mcp-server', version: '1.0.0' } }),
        findings: [{ messageId: 'npmMissing', subject: 'server' }],
      },
      {
        name: 'reports an mcpName of another server',
        capture: () => manifestCapture(serverJson({ name: 'io.github.mcplint/books' })),
        findings: [{ messageId: 'npmDiffers', subject: 'server' }],
      },
      {
        name: 'reports a Dockerfile without the label',
        capture: () => manifestCapture(serverJson({ packages: oci }), { dockerfileMcpNames: ['io.github.mcplint/other'] }),
        findings: [{ messageId: 'ociMissing', subject: 'server' }],
      },
      {
        name: 'reports a PyPI README without the marker',
        capture: () =>
          manifestCapture(serverJson({ packages: pypi }), {
            pyproject: { name: 'bookstore_mcp', version: '1.0.0' },
            readmeMcpNames: ['io.github.someone/else'],
          }),
        findings: [{ messageId: 'pypiMissing', subject: 'server' }],
      },
    ],
  });
});
