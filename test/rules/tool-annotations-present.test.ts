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

  it('applies on 2024-11-05 too, and says that version has no field for annotations and what to upgrade', () => {
    const tools = cleanTools().map((t, i) => (i === 1 ? { ...t, annotations: undefined } : t));
    const result = lintOnly(makeCapture({ tools, protocolVersion: '2024-11-05' }), [RULE]);
    expect(result.skipped).toEqual([]);
    expect(summary(result)).toEqual([`${RULE} missingNoField tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toContain('protocol 2024-11-05, which the server negotiated, has no field for them');
    expect(result.findings[0]!.message).toContain('upgrade the MCP SDK');
  });

  it('on 2025-03-26, which has the field, asks for annotations only', () => {
    const tools = cleanTools().map((t, i) => (i === 1 ? { ...t, annotations: undefined } : t));
    expect(summary(lintOnly(makeCapture({ tools, protocolVersion: '2025-03-26' }), [RULE]))).toEqual([
      `${RULE} missing tool:bookstore_get_book`,
    ]);
  });
});
