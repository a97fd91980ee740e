import { describe, expect } from 'vitest';
import rule from '../../rules/orphaned-processes.js';
import type { Capture, ProcessExit } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'orphaned-processes';
const withExit = (exit: ProcessExit) => (): Capture => ({ ...makeCapture(), exit });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'is silent when nothing survived', capture: withExit({ how: 'stdin-closed', code: 0, signal: null, shutdownMs: 40 }) },
      {
        name: 'is silent when only slow-shutdown has something to say',
        capture: withExit({ how: 'sigkill', code: null, signal: 'SIGKILL', leftBehind: [{ pid: 7, command: 'node helper.js' }] }),
      },
      { name: 'is silent without a recorded exit', capture: () => makeCapture() },
      {
        name: 'is skipped on HTTP',
        capture: () => ({
          ...makeCapture({ transport: 'http' }),
          exit: { how: 'unknown', code: null, signal: null, survivors: [{ pid: 1, command: 'x' }] },
        }),
        skipped: /the transport is http, not stdio/,
      },
    ],
    invalid: [
      {
        name: 'reports every survivor, by command line',
        capture: withExit({
          how: 'stdin-closed',
          code: 0,
          signal: null,
          survivors: [
            { pid: 4242, command: 'node sync-daemon.js' },
            { pid: 4243, command: '' },
          ],
        }),
        findings: [
          {
            messageId: 'survivors',
            subject: 'transport',
            level: 'error',
            message: /Server left 2 processes running after it was shut down.*killed them/,
            evidence: 'node sync-daemon.js\npid 4243',
          },
        ],
      },
      {
        name: 'says "it" for one, and cuts a long command line',
        capture: withExit({ how: 'sigterm', code: null, signal: 'SIGTERM', survivors: [{ pid: 1, command: `node ${'x'.repeat(300)}` }] }),
        findings: [{ messageId: 'survivors', subject: 'transport', message: /Server left 1 process running.*killed it/ }],
        assert: (result) => expect(result.findings[0]!.evidence!.length).toBeLessThanOrEqual(121),
      },
    ],
  });
});
