import { describe, expect, it } from 'vitest';
import rule from '../../rules/orphaned-processes.js';
import type { Capture, ProcessExit } from '../../src/model/capture.js';
import { runRules } from '../../src/engine/run.js';
import { makeCapture, summary } from '../helpers/capture.js';

const RULE = 'orphaned-processes';
const run = (capture: Capture) => runRules(capture, { rules: [rule], settings: new Map() });
const withExit = (exit: ProcessExit): Capture => ({ ...makeCapture(), exit });

describe(RULE, () => {
  it('is silent when nothing survived, and when only slow-shutdown has something to say', () => {
    expect(run(withExit({ how: 'stdin-closed', code: 0, signal: null, shutdownMs: 40 })).findings).toEqual([]);
    expect(
      run(withExit({ how: 'sigkill', code: null, signal: 'SIGKILL', leftBehind: [{ pid: 7, command: 'node helper.js' }] })).findings,
    ).toEqual([]);
    expect(run(makeCapture()).findings).toEqual([]);
  });

  it('reports every survivor, by command line', () => {
    const survivors = [
      { pid: 4242, command: 'node sync-daemon.js' },
      { pid: 4243, command: '' },
    ];
    const result = run(withExit({ how: 'stdin-closed', code: 0, signal: null, survivors }));
    expect(summary(result)).toEqual([`${RULE} survivors transport`]);
    expect(result.findings[0]!.level).toBe('error');
    expect(result.findings[0]!.message).toContain('Server left 2 processes running after it was shut down');
    expect(result.findings[0]!.message).toContain('killed them');
    expect(result.findings[0]!.evidence).toBe('node sync-daemon.js\npid 4243');
  });

  it('says "it" for one, and cuts a long command line', () => {
    const result = run(
      withExit({ how: 'sigterm', code: null, signal: 'SIGTERM', survivors: [{ pid: 1, command: `node ${'x'.repeat(300)}` }] }),
    );
    expect(result.findings[0]!.message).toContain('Server left 1 process running');
    expect(result.findings[0]!.message).toContain('killed it');
    expect(result.findings[0]!.evidence!.length).toBeLessThanOrEqual(121);
  });

  it('is skipped on HTTP', () => {
    const result = run({
      ...makeCapture({ transport: 'http' }),
      exit: { how: 'unknown', code: null, signal: null, survivors: [{ pid: 1, command: 'x' }] },
    });
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
