import { describe, expect } from 'vitest';
import rule from '../../rules/output-flood.js';
import type { Capture, Frame, OutputStats } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'output-flood';
const stats = (extra: Partial<OutputStats> = {}): OutputStats => ({
  notifications: {},
  framesDropped: 0,
  framesTruncated: 0,
  caps: { frameBytes: 262144, recordedBytes: 33554432, frames: 20000, lineBytes: 16777216, stdoutBytes: 67108864 },
  ...extra,
});
const note = (seq: number, data: string): Frame => ({
  kind: 'message',
  dir: 'recv',
  message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data } },
  bytes: 90,
  seq,
  at: 5,
  phase: 'listing',
});
const withOutput =
  (output: OutputStats, frames: Frame[] = []) =>
  (): Capture => ({ ...makeCapture({ frames }), output });
const flooded = withOutput(stats({ notifications: { 'notifications/message': 1500 } }));

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'is silent without output stats (older captures)', capture: () => makeCapture() },
      { name: 'is silent on ordinary output', capture: withOutput(stats({ notifications: { 'notifications/message': 12 } })) },
      { name: 'honours maxNotifications above the count', capture: flooded, options: { maxNotifications: 2000 } },
    ],
    invalid: [
      {
        name: 'reports a server mcplint stopped at the stdout cap, quoting the flood',
        capture: withOutput(stats({ stopped: { reason: 'stdout-cap', phase: 'listing', at: 2, waitingFor: 'tools/list' } }), [
          {
            kind: 'message',
            dir: 'send',
            message: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
            bytes: 40,
            seq: 0,
            at: 1,
            phase: 'listing',
          },
          {
            kind: 'noise',
            dir: 'recv',
            noise: 'not-json',
            text: '[debug] indexing book 1',
            offset: 0,
            bytes: 23,
            seq: 1,
            at: 2,
            phase: 'listing',
          },
        ]),
        findings: [
          {
            messageId: 'stdoutCap',
            subject: 'transport',
            message:
              'Server wrote more than 64 MiB to stdout while mcplint waited for the tools/list response, so mcplint stopped it; a client buffering that much stalls or runs out of memory, so log to stderr and paginate or truncate large results.',
            evidence: '[debug] indexing book 1',
            frame: 1,
          },
        ],
      },
      {
        name: 'reports a notification flood per method, counted past the frame cap',
        capture: withOutput(stats({ notifications: { 'notifications/message': 50000, 'notifications/progress': 3 } }), [
          note(0, 'indexed 1'),
          note(1, 'indexed 2'),
        ]),
        findings: [
          {
            messageId: 'notifications',
            subject: 'transport',
            message: /Server sent 50000 "notifications\/message" notifications in one 0\.0 s session \(more than 1000\)/,
          },
        ],
        assert: (result) => expect(result.findings[0]!.evidence).toContain('"data":"indexed 1"'),
      },
      {
        name: 'honours maxNotifications below the count',
        capture: flooded,
        options: { maxNotifications: 100 },
        findings: [{ messageId: 'notifications', subject: 'transport' }],
      },
    ],
  });
});
