import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import rule from '../../rules/source-no-response-limit.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'source-no-response-limit';
const run = (capture: Capture, source?: SourceIndex) => runRule(rule, capture, source ? { source } : {});
const registration = {
  file: 'src/index.ts',
  line: 10,
  column: 3,
  kind: 'tool' as const,
  name: 'bookstore_get_book',
  style: 'registerTool',
};

describe(RULE, () => {
  it('reports a server whose tool code has no limit, as a note', () => {
    const result = run(makeCapture({ tools: cleanTools() }), makeSource({ registrations: [registration], filesIndexed: 3 }));
    expect(summary(result)).toEqual([`${RULE} missing server`]);
    expect(result.findings[0]!.level).toBe('note');
    expect(result.findings[0]!.message).toContain('(3 source files)');
  });

  it('counts tool registrations it could not resolve as tool code too', () => {
    const unresolved = [{ file: 'src/index.ts', line: 4, column: 1, kind: 'tool' as const, reason: 'name is computed at run time' }];
    expect(summary(run(makeCapture({ tools: cleanTools() }), makeSource({ unresolved })))).toEqual([`${RULE} missing server`]);
  });

  it('accepts a CHARACTER_LIMIT constant or a truncation', () => {
    const responseLimit = { file: 'src/constants.ts', line: 2, column: 14, name: 'CHARACTER_LIMIT' };
    expect(run(makeCapture({ tools: cleanTools() }), makeSource({ registrations: [registration], responseLimit })).findings).toEqual([]);
  });

  it('stays silent when the indexed code does not define the tools, or there are none', () => {
    expect(run(makeCapture({ tools: cleanTools() }), makeSource()).findings).toEqual([]);
    expect(run(makeCapture({ tools: [] }), makeSource({ registrations: [registration] })).findings).toEqual([]);
  });

  it('is skipped without a source index', () => {
    expect(run(makeCapture({ tools: cleanTools() })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
