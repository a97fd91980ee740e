import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/capture.js';
import { runRules } from '../../src/engine/run.js';
import rule from '../../rules/tool-description-present.js';
import { makeCapture, summary } from '../helpers/capture.js';

const RULE = 'tool-description-present';
const lint = (capture: Capture) => runRules(capture, { rules: [rule], settings: new Map() });
const withDescription = (description: unknown) => {
  const tools: Record<string, unknown>[] = cleanTools();
  tools[1] = { ...tools[1], description };
  if (description === undefined) delete tools[1]!.description;
  return tools;
};

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports a tool without a description', () => {
    const result = lint(makeCapture({ tools: withDescription(undefined) }));
    expect(summary(result)).toEqual([`${RULE} missing tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toMatch(/^Tool "bookstore_get_book" has no description/);
  });

  it.each(['', '   ', '\n\t'])('reports a blank description %j', (description) => {
    const result = lint(makeCapture({ tools: withDescription(description) }));
    expect(summary(result)).toEqual([`${RULE} blank tool:bookstore_get_book#/description`]);
    expect(result.findings[0]!.evidence).toBe(JSON.stringify(description));
  });

  it('accepts any non-blank description (length and quality are other rules)', () => {
    expect(lint(makeCapture({ tools: withDescription('x') })).findings).toEqual([]);
  });

  it('leaves descriptions of the wrong type to list-entries-valid', () => {
    expect(lint(makeCapture({ tools: withDescription(null) })).findings).toEqual([]);
    expect(lint(makeCapture({ tools: withDescription(42) })).findings).toEqual([]);
  });

  it('applies to 2024-11-05 servers too', () => {
    expect(summary(lint(makeCapture({ tools: withDescription(undefined), protocolVersion: '2024-11-05' })))).toEqual([
      `${RULE} missing tool:bookstore_get_book`,
    ]);
  });
});
