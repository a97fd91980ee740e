import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { lintOnly, makeCapture, summary } from '../helpers/capture.js';

const RULE = 'tool-annotations-present';

describe(RULE, () => {
  it('reports a tool without annotations', () => {
    const tools = cleanTools().map((t, i) => (i === 1 ? { ...t, annotations: undefined } : t));
    expect(summary(lintOnly(makeCapture({ tools }), [RULE]))).toEqual([`${RULE} missing tool:bookstore_get_book`]);
  });

  it('accepts tools with annotations', () => {
    expect(lintOnly(makeCapture({ tools: cleanTools() }), [RULE]).findings).toEqual([]);
  });

  it('is skipped for servers on 2024-11-05, which had no annotations', () => {
    const tools = cleanTools().map((t) => ({ ...t, annotations: undefined }));
    const result = lintOnly(makeCapture({ tools, protocolVersion: '2024-11-05' }), [RULE]);
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
