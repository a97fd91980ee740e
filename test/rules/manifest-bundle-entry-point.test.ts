import { describe } from 'vitest';
import rule from '../../rules/manifest-bundle-entry-point.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const entry = (path: string, exists: boolean, inside: boolean) => () =>
  manifestCapture(bundleManifest(), { entryPoint: { path, exists, inside } });

describe('manifest-bundle-entry-point', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts an entry point inside the bundle', capture: entry('server/index.mjs', true, true) },
      { name: 'leaves a server.json alone', capture: () => manifestCapture(serverJson()) },
    ],
    invalid: [
      {
        name: 'reports a missing entry point',
        capture: entry('server/index.mjs', false, true),
        findings: [{ messageId: 'missing', subject: 'server' }],
      },
      {
        name: 'reports an entry point outside the bundle (a link out counts)',
        capture: entry('../elsewhere/index.mjs', true, false),
        findings: [{ messageId: 'outside', subject: 'server' }],
      },
    ],
  });
});
