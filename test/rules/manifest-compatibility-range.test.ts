import { describe, expect, it } from 'vitest';
import rule, { isVersionRange } from '../../rules/manifest-compatibility-range.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const compatible = (compatibility: Record<string, unknown>) => () => manifestCapture(bundleManifest({ compatibility }));

describe('manifest-compatibility-range', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts ranges',
        capture: compatible({ claude_desktop: '>=0.10.0', runtimes: { node: '^20.19 || >=22', python: '>=3.10,<4' } }),
      },
      { name: 'accepts a manifest without compatibility', capture: () => manifestCapture(bundleManifest()) },
      { name: 'leaves a server.json alone', capture: () => manifestCapture(serverJson()) },
    ],
    invalid: [
      {
        name: 'reports each field that is not a range',
        capture: compatible({ claude_desktop: 'latest', runtimes: { node: 'node 20 or newer', python: '3.10+' } }),
        findings: [
          { messageId: 'invalidRange', subject: 'server', message: /compatibility\.claude_desktop as "latest"/ },
          { messageId: 'invalidRange', subject: 'server', message: /runtimes\.node/ },
          { messageId: 'invalidRange', subject: 'server', message: /runtimes\.python/ },
        ],
      },
    ],
  });

  it('reads npm ranges and, for Python, PEP 440 specifiers', () => {
    for (const range of ['1.2.3', '>= 1.2.3', '~1.2', '^0.10.x', '1.x || >=2.5.0 || 5.0.0 - 7.2.3', '*', '', 'v1.2.3-rc.1+b5', '<2 >=1'])
      expect(isVersionRange(range, false), range).toBe(true);
    for (const range of ['latest', '1.2.3.4', '>=1.2.3,', 'node 20', '=>1.2', '1.2.3 -', '^'.repeat(300)])
      expect(isVersionRange(range, false), range).toBe(false);
    for (const range of ['~=3.10', '>=3.10,<4', '!=3.11.0, >=3.9']) expect(isVersionRange(range, true), range).toBe(true);
    expect(isVersionRange('~=3.10', false)).toBe(false);
  });
});
