import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import { runRules } from '../../src/engine/run.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import rule from '../../rules/source-sync-network-call.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';

const RULE = 'source-sync-network-call';
const run = (capture: Capture, source?: SourceIndex) =>
  runRules(capture, { rules: [rule], settings: new Map(), ...(source ? { source } : {}) });
const call = (tool: string, line: number) => ({
  file: 'server.py',
  line,
  column: 5,
  tool,
  call: 'requests.get',
  text: 'requests.get(url)',
});

describe(RULE, () => {
  it('reports each async tool once, at its first blocking call, as a note', () => {
    const result = run(
      makeCapture({ tools: cleanTools() }),
      makeSource({ language: 'python', syncNetworkCalls: [call('a', 10), call('a', 12), call('b', 20)] }),
    );
    expect(summary(result)).toEqual([`${RULE} blocking tool:a`, `${RULE} blocking tool:b`]);
    expect(result.findings[0]!.level).toBe('note');
    expect(result.findings[0]!.message).toContain('requests.get at server.py:10');
  });

  it('ignores calls no single tool owns, and indexes without the field (TypeScript)', () => {
    expect(run(makeCapture({ tools: cleanTools() }), makeSource({ syncNetworkCalls: [call('', 3)] })).findings).toEqual([]);
    expect(run(makeCapture({ tools: cleanTools() }), makeSource()).findings).toEqual([]);
  });

  it('is skipped without a source index', () => {
    expect(run(makeCapture({ tools: cleanTools() })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
