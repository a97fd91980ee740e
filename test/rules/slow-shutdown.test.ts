import { describe, expect, it } from 'vitest';
import rule from '../../rules/slow-shutdown.js';
import type { Capture, OutputStats, ProcessExit } from '../../src/model/capture.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'slow-shutdown';
const run = (capture: Capture) => runRule(rule, capture);
const withExit = (exit: ProcessExit, extra: Partial<Capture> = {}, stderr = ''): Capture => ({
  ...makeCapture({ stderr }),
  exit,
  ...extra,
});

describe(RULE, () => {
  it('is silent when the server exits on stdin close, or exited by itself', () => {
    expect(run(withExit({ how: 'stdin-closed', code: 0, signal: null, shutdownMs: 40, graceMs: 1000 })).findings).toEqual([]);
    expect(run(withExit({ how: 'exited-early', code: 1, signal: null })).findings).toEqual([]);
  });

  it('reports a server that needed SIGTERM', () => {
    const result = run(withExit({ how: 'sigterm', code: null, signal: 'SIGTERM', shutdownMs: 1012, graceMs: 1000 }));
    expect(summary(result)).toEqual([`${RULE} sigterm transport`]);
    expect(result.findings[0]!.message).toBe(
      'Server did not exit within 1000 ms of its stdin closing, so mcplint had to send SIGTERM; exit when stdin ends (on its "end" event close servers, timers and connections).',
    );
    expect(result.findings[0]!.evidence).toBe('stdin closed; ended by SIGTERM after 1012 ms');
  });

  it('reports a server that needed SIGKILL, quoting the end of stderr', () => {
    const result = run(
      withExit(
        { how: 'sigkill', code: null, signal: 'SIGKILL', shutdownMs: 2003, graceMs: 1000 },
        {},
        'ready\n[bookstore] SIGTERM ignored\n',
      ),
    );
    expect(summary(result)).toEqual([`${RULE} sigkill transport`]);
    expect(result.findings[0]!.evidence).toBe('ready\n[bookstore] SIGTERM ignored');
  });

  it('reports processes the server left behind', () => {
    const leftBehind = [
      { pid: 4242, command: 'node indexer.js --watch' },
      { pid: 4243, command: 'chromium --headless' },
    ];
    const result = run(withExit({ how: 'stdin-closed', code: 0, signal: null, shutdownMs: 30, leftBehind }));
    expect(summary(result)).toEqual([`${RULE} leftBehind transport`]);
    expect(result.findings[0]!.message).toContain('left 2 processes it started still running, so mcplint killed them');
    expect(result.findings[0]!.evidence).toBe('node indexer.js --watch\nchromium --headless');
  });

  it('leaves hung servers to handshake and flooding servers to output-flood', () => {
    const hung = {
      ...withExit({ how: 'sigterm', code: null, signal: 'SIGTERM' }),
      handshake: { ok: false as const, requestedVersion: '2025-11-25', reason: 'timeout' as const, message: 'x', durationMs: 1 },
    };
    expect(run(hung).findings).toEqual([]);
    const stopped: OutputStats = {
      notifications: {},
      framesDropped: 0,
      framesTruncated: 0,
      stopped: { reason: 'stdout-cap', phase: 'listing', at: 10 },
      caps: { frameBytes: 1, recordedBytes: 1, frames: 1, stdoutBytes: 1 },
    };
    expect(run(withExit({ how: 'sigkill', code: null, signal: 'SIGKILL' }, { output: stopped })).findings).toEqual([]);
  });

  it('is skipped on HTTP', () => {
    const result = run({ ...makeCapture({ transport: 'http' }), exit: { how: 'sigkill', code: null, signal: 'SIGKILL' } });
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
