import { describe } from 'vitest';
import rule from '../../rules/slow-shutdown.js';
import type { Capture, OutputStats, ProcessExit } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'slow-shutdown';
const withExit = (exit: ProcessExit, extra: Partial<Capture> = {}, stderr = ''): Capture => ({
  ...makeCapture({ stderr }),
  exit,
  ...extra,
});
const stopped: OutputStats = {
  notifications: {},
  framesDropped: 0,
  framesTruncated: 0,
  stopped: { reason: 'stdout-cap', phase: 'listing', at: 10 },
  caps: { frameBytes: 1, recordedBytes: 1, frames: 1, stdoutBytes: 1 },
};

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'is silent when the server exits on stdin close',
        capture: () => withExit({ how: 'stdin-closed', code: 0, signal: null, shutdownMs: 40, graceMs: 1000 }),
      },
      { name: 'is silent when the server exited by itself', capture: () => withExit({ how: 'exited-early', code: 1, signal: null }) },
      {
        name: 'leaves hung servers to handshake',
        capture: () => ({
          ...withExit({ how: 'sigterm', code: null, signal: 'SIGTERM' }),
          handshake: { ok: false as const, requestedVersion: '2025-11-25', reason: 'timeout' as const, message: 'x', durationMs: 1 },
        }),
      },
      {
        name: 'leaves flooding servers to output-flood',
        capture: () => withExit({ how: 'sigkill', code: null, signal: 'SIGKILL' }, { output: stopped }),
      },
      {
        name: 'is skipped on HTTP',
        capture: () => ({ ...makeCapture({ transport: 'http' }), exit: { how: 'sigkill', code: null, signal: 'SIGKILL' } }),
        skipped: /^the transport is http, not stdio$/,
      },
    ],
    invalid: [
      {
        name: 'reports a server that needed SIGTERM',
        capture: () => withExit({ how: 'sigterm', code: null, signal: 'SIGTERM', shutdownMs: 1012, graceMs: 1000 }),
        findings: [
          {
            messageId: 'sigterm',
            subject: 'transport',
            message:
              'Server did not exit within 1000 ms of its stdin closing, so mcplint had to send SIGTERM; exit when stdin ends (on its "end" event close servers, timers and connections).',
            evidence: 'stdin closed; ended by SIGTERM after 1012 ms',
          },
        ],
      },
      {
        name: 'reports a server that needed SIGKILL, quoting the end of stderr',
        capture: () =>
          withExit(
            { how: 'sigkill', code: null, signal: 'SIGKILL', shutdownMs: 2003, graceMs: 1000 },
            {},
            'ready\n[bookstore] SIGTERM ignored\n',
          ),
        findings: [{ messageId: 'sigkill', subject: 'transport', evidence: 'ready\n[bookstore] SIGTERM ignored' }],
      },
      {
        name: 'reports processes the server left behind',
        capture: () =>
          withExit({
            how: 'stdin-closed',
            code: 0,
            signal: null,
            shutdownMs: 30,
            leftBehind: [
              { pid: 4242, command: 'node indexer.js --watch' },
              { pid: 4243, command: 'chromium --headless' },
            ],
          }),
        findings: [
          {
            messageId: 'leftBehind',
            subject: 'transport',
            message: /left 2 processes it started still running, so mcplint killed them/,
            evidence: 'node indexer.js --watch\nchromium --headless',
          },
        ],
      },
    ],
  });
});
