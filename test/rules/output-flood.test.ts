import { describe, expect, it } from 'vitest';
import rule from '../../rules/output-flood.js';
import type { Capture, Frame, OutputStats } from '../../src/model/capture.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'output-flood';
const run = (capture: Capture, options: Record<string, unknown> = {}) => runRule(rule, capture, { level: 'warning', options });
const stats = (extra: Partial<OutputStats> = {}): OutputStats => ({
  notifications: {},
  framesDropped: 0,
  framesTruncated: 0,
  caps: { frameBytes: 262144, recordedBytes: 33554432, frames: 20000, lineBytes: 16777216, stdoutBytes: 67108864 },
  ...extra,
});
let seq = 0;
const note = (data: string): Frame => ({
  kind: 'message',
  dir: 'recv',
  message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data } },
  bytes: 90,
  seq: seq++,
  at: 5,
  phase: 'listing',
});

describe(RULE, () => {
  it('is silent without output stats (older captures) and on ordinary output', () => {
    expect(run(makeCapture()).findings).toEqual([]);
    expect(run({ ...makeCapture(), output: stats({ notifications: { 'notifications/message': 12 } }) }).findings).toEqual([]);
  });

  it('reports a server mcplint stopped at the stdout cap, quoting the flood', () => {
    seq = 0;
    const frames: Frame[] = [
      {
        kind: 'message',
        dir: 'send',
        message: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        bytes: 40,
        seq: seq++,
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
        seq: seq++,
        at: 2,
        phase: 'listing',
      },
    ];
    const capture = {
      ...makeCapture({ frames }),
      output: stats({ stopped: { reason: 'stdout-cap', phase: 'listing', at: 2, waitingFor: 'tools/list' } }),
    };
    const result = run(capture);
    expect(summary(result)).toEqual([`${RULE} stdoutCap transport`]);
    expect(result.findings[0]!.message).toBe(
      'Server wrote more than 64 MiB to stdout while mcplint waited for the tools/list response, so mcplint stopped it; a client buffering that much stalls or runs out of memory, so log to stderr and paginate or truncate large results.',
    );
    expect(result.findings[0]!.evidence).toBe('[debug] indexing book 1');
    expect(result.findings[0]!.frame).toBe(1);
  });

  it('reports a notification flood per method, counted past the frame cap', () => {
    seq = 0;
    const capture = {
      ...makeCapture({ frames: [note('indexed 1'), note('indexed 2')] }),
      output: stats({ notifications: { 'notifications/message': 50000, 'notifications/progress': 3 } }),
    };
    const result = run(capture);
    expect(summary(result)).toEqual([`${RULE} notifications transport`]);
    expect(result.findings[0]!.message).toContain(
      'Server sent 50000 "notifications/message" notifications in one 0.0 s session (more than 1000)',
    );
    expect(result.findings[0]!.evidence).toContain('"data":"indexed 1"');
  });

  it('honours maxNotifications', () => {
    const capture = { ...makeCapture(), output: stats({ notifications: { 'notifications/message': 1500 } }) };
    expect(run(capture, { maxNotifications: 2000 }).findings).toEqual([]);
    expect(summary(run(capture, { maxNotifications: 100 }))).toEqual([`${RULE} notifications transport`]);
  });
});
