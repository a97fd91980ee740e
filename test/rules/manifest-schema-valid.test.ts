import { describe, expect, it } from 'vitest';
import rule from '../../rules/manifest-schema-valid.js';
import { makeCapture } from '../helpers/capture.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { runRule, ruleTester } from '../helpers/rule-tester.js';

describe('manifest-schema-valid', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a valid server.json', capture: () => manifestCapture(serverJson()) },
      { name: 'accepts a valid MCPB manifest', capture: () => manifestCapture(bundleManifest()) },
    ],
    invalid: [
      {
        name: 'reports a server.json description over the schema maximum, at its line',
        capture: () => manifestCapture(serverJson({ description: 'x'.repeat(101) })),
        findings: [{ messageId: 'invalid', subject: 'server' }],
      },
      {
        name: 'reports each problem of an MCPB manifest once',
        capture: () => manifestCapture(bundleManifest({ author: {}, display_name: 7 })),
        findings: [
          { messageId: 'invalid', subject: 'server' },
          { messageId: 'invalid', subject: 'server' },
        ],
      },
    ],
  });

  it('names the place and the problem, and anchors the finding at the manifest entry', () => {
    const result = runRule(rule, manifestCapture(serverJson({ packages: [{ registryType: 'npm', transport: { type: 'stdio' } }] })));
    const messages = result.findings.map((f) => f.message);
    expect(messages.some((m) => m.includes('packages[0]') && m.includes('"identifier"'))).toBe(true);
    expect(result.findings.every((f) => f.manifestAt?.startsWith('/packages/0'))).toBe(true);
  });

  it('is not applicable without --manifest', () => {
    expect(runRule(rule, makeCapture()).skipped).toEqual([expect.objectContaining({ applicable: false })]);
  });
});
