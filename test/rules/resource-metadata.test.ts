import { describe, expect, it } from 'vitest';
import { cleanResources, cleanResourceTemplates, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/resource-metadata.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'resource-metadata';
const lint = (capture: Capture) => runRule(rule, capture);
const without = <T extends Record<string, unknown>>(items: T[], ...keys: string[]): T[] =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => !keys.includes(k))) as T);

describe(RULE, () => {
  it('accepts the clean resources and templates', () => {
    expect(lint(makeCapture({ resources: cleanResources(), resourceTemplates: cleanResourceTemplates() })).findings).toEqual([]);
  });

  it('reports a resource without a mimeType', () => {
    const result = lint(makeCapture({ resources: without(cleanResources(), 'mimeType'), resourceTemplates: cleanResourceTemplates() }));
    expect(summary(result)).toEqual([`${RULE} missingMimeType resource:bookstore://catalogue/stats`]);
    expect(result.findings[0]!.message).toBe(
      'Resource "bookstore://catalogue/stats" has no mimeType; declare it (e.g. "application/json", "text/markdown") so clients know how to present and parse it.',
    );
  });

  it('reports a resource without a description and one with a blank name', () => {
    const resources = [
      ...without(cleanResources(), 'description'),
      { uri: 'bookstore://x', name: ' ', description: 'X.', mimeType: 'text/plain' },
    ];
    const result = lint(makeCapture({ resources }));
    expect(summary(result)).toEqual([
      `${RULE} missingDescription resource:bookstore://catalogue/stats`,
      `${RULE} missingName resource:bookstore://x`,
    ]);
    expect(result.findings.map((f) => f.message)).toEqual([
      'Resource "bookstore://catalogue/stats" has no description; say what it contains, so the client and the model can decide when to read it.',
      'Resource "bookstore://x" has no name; give it a short name that clients can list and the model can refer to.',
    ]);
  });

  it('reports resource templates with their own subject kind and wording', () => {
    const result = lint(
      makeCapture({ resources: cleanResources(), resourceTemplates: without(cleanResourceTemplates(), 'description', 'mimeType') }),
    );
    expect(summary(result)).toEqual([
      `${RULE} missingDescription resourceTemplate:bookstore://books/{book_id}`,
      `${RULE} templateMissingMimeType resourceTemplate:bookstore://books/{book_id}`,
    ]);
    expect(result.findings[0]!.message).toMatch(/^Resource template "bookstore:\/\/books\/\{book_id\}" has no description/);
  });

  it('checks templates even when the resource list is empty', () => {
    const result = lint(makeCapture({ resources: [], resourceTemplates: without(cleanResourceTemplates(), 'mimeType') }));
    expect(summary(result)).toEqual([`${RULE} templateMissingMimeType resourceTemplate:bookstore://books/{book_id}`]);
  });

  it('leaves an absent name and values of the wrong type to list-entries-valid', () => {
    const resources = [{ uri: 'bookstore://x', description: null, mimeType: 7 }];
    expect(lint(makeCapture({ resources })).findings).toEqual([]);
  });

  it('is skipped when the server offers no resources', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});
