import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/list-entries-valid.js';
import { cleanPrompts, cleanResources, cleanResourceTemplates, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'list-entries-valid';
const run = (capture: Capture) => runRule(rule, capture);
const clean = () => ({
  tools: cleanTools(),
  prompts: cleanPrompts(),
  resources: cleanResources(),
  resourceTemplates: cleanResourceTemplates(),
});

describe(RULE, () => {
  it.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'])('accepts the clean lists under %s', (protocolVersion) => {
    expect(run(makeCapture({ ...clean(), protocolVersion })).findings).toEqual([]);
  });

  it('reports a resource whose size is not an integer, at its pointer', () => {
    const resources = cleanResources().map((r) => ({ ...r, size: 'big' }));
    const result = run(makeCapture({ ...clean(), resources }));
    expect(summary(result)).toEqual([`${RULE} schema resource:bookstore://catalogue/stats#/size`]);
    expect(result.findings[0]!.message).toBe(
      'Resource "bookstore://catalogue/stats" at /size must be integer (official Resource schema, protocol 2025-11-25); clients that validate resources/list reject the whole list.',
    );
    expect(result.findings[0]!.evidence).toBe('/size: "big"');
  });

  it('reports a prompt argument whose required flag is not a boolean', () => {
    const prompts = cleanPrompts().map((p) => ({ ...p, arguments: [{ name: 'liked_title', required: 'yes' }] }));
    expect(summary(run(makeCapture({ ...clean(), prompts })))).toEqual([
      `${RULE} schema prompt:bookstore_recommend_books#/arguments/0/required`,
    ]);
  });

  it('reports a resource template without uriTemplate as an unnamed entry', () => {
    const resourceTemplates = [{ name: 'book_record', uri: 'bookstore://books/{book_id}' }];
    const result = run(makeCapture({ ...clean(), resourceTemplates }));
    expect(summary(result)).toEqual([`${RULE} schema server`]);
    expect(result.findings[0]!.message).toBe(
      "Entry #1 of resources/templates/list must have required property 'uriTemplate' (official ResourceTemplate schema, protocol 2025-11-25); clients that validate resources/templates/list reject the whole list.",
    );
  });

  it('reports entries that are not objects, each with its own fingerprint', () => {
    const tools = [...cleanTools(), 'bookstore_ping', null];
    const result = run(makeCapture({ ...clean(), tools }));
    expect(summary(result)).toEqual([`${RULE} notObject server`, `${RULE} notObject server`]);
    expect(result.findings.map((f) => f.message)).toEqual([
      'Entry #4 of tools/list is a string, not an object; clients that validate tools/list reject the whole list.',
      'Entry #5 of tools/list is null, not an object; clients that validate tools/list reject the whole list.',
    ]);
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2);
  });

  it('leaves inputSchema and outputSchema to the schema rules', () => {
    const tools = cleanTools().map((t, i) =>
      i === 0 ? { ...t, inputSchema: { type: 'string' }, outputSchema: 'none' } : i === 1 ? { ...t, inputSchema: undefined } : t,
    );
    expect(run(makeCapture({ ...clean(), tools })).findings).toEqual([]);
  });

  it('judges by the negotiated version: icons must be an array from 2025-11-25, and are unknown (ignored) before', () => {
    const tools = cleanTools().map((t, i) => (i === 0 ? { ...t, icons: 'x' } : t));
    expect(summary(run(makeCapture({ ...clean(), tools })))).toEqual([`${RULE} schema tool:bookstore_search_books#/icons`]);
    expect(run(makeCapture({ ...clean(), tools, protocolVersion: '2025-06-18' })).findings).toEqual([]);
  });

  it('reports at most 5 problems per entry', () => {
    const resources = [{ uri: 'bookstore://x', name: 1, title: 2, description: 3, mimeType: 4, size: 'big', annotations: 'x', _meta: 7 }];
    const result = run(makeCapture({ ...clean(), resources }));
    expect(result.findings).toHaveLength(5);
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(5);
  });

  it('links each finding to the page frame that carried the entry', () => {
    const resources = [...cleanResources(), { uri: 'bookstore://b', name: 'b', size: 'big' }];
    const capture = makeCapture({
      ...clean(),
      lists: {
        resources: {
          status: 'ok',
          pages: [
            { cursor: null, itemCount: 1, frame: 7, nextCursor: 'c1' },
            { cursor: 'c1', itemCount: 1, frame: 9 },
          ],
          items: resources,
        },
      },
    });
    expect(run(capture).findings.map((f) => f.frame)).toEqual([9]);
  });
});
