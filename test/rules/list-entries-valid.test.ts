import { describe, expect } from 'vitest';
import rule from '../../rules/list-entries-valid.js';
import { cleanPrompts, cleanResources, cleanResourceTemplates, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'list-entries-valid';
/** The clean lists, with some of them (or the version) replaced. */
const clean =
  (spec: CaptureSpec = {}) =>
  () =>
    makeCapture({
      tools: cleanTools(),
      prompts: cleanPrompts(),
      resources: cleanResources(),
      resourceTemplates: cleanResourceTemplates(),
      ...spec,
    });
const withIcons = () => cleanTools().map((t, i) => (i === 0 ? { ...t, icons: 'x' } : t));

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      ...['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'].map((protocolVersion) => ({
        name: `accepts the clean lists under ${protocolVersion}`,
        capture: clean({ protocolVersion }),
      })),
      {
        name: 'leaves inputSchema and outputSchema to the schema rules',
        capture: clean({
          tools: cleanTools().map((t, i) =>
            i === 0 ? { ...t, inputSchema: { type: 'string' }, outputSchema: 'none' } : i === 1 ? { ...t, inputSchema: undefined } : t,
          ),
        }),
      },
      {
        name: 'judges by the negotiated version: icons are unknown (ignored) before 2025-11-25',
        capture: clean({ tools: withIcons(), protocolVersion: '2025-06-18' }),
      },
    ],
    invalid: [
      {
        name: 'reports a resource whose size is not an integer, at its pointer',
        capture: clean({ resources: cleanResources().map((r) => ({ ...r, size: 'big' })) }),
        findings: [
          {
            messageId: 'schema',
            subject: 'resource:bookstore://catalogue/stats#/size',
            message:
              'Resource "bookstore://catalogue/stats" at /size must be integer (official Resource schema, protocol 2025-11-25); clients that validate resources/list reject the whole list.',
            evidence: '/size: "big"',
          },
        ],
      },
      {
        name: 'reports a prompt argument whose required flag is not a boolean',
        capture: clean({ prompts: cleanPrompts().map((p) => ({ ...p, arguments: [{ name: 'liked_title', required: 'yes' }] })) }),
        findings: [{ messageId: 'schema', subject: 'prompt:bookstore_recommend_books#/arguments/0/required' }],
      },
      {
        name: 'reports a resource template without uriTemplate as an unnamed entry',
        capture: clean({ resourceTemplates: [{ name: 'book_record', uri: 'bookstore://books/{book_id}' }] }),
        findings: [
          {
            messageId: 'schema',
            subject: 'server',
            message:
              "Entry #1 of resources/templates/list must have required property 'uriTemplate' (official ResourceTemplate schema, protocol 2025-11-25); clients that validate resources/templates/list reject the whole list.",
          },
        ],
      },
      {
        name: 'reports entries that are not objects, each with its own fingerprint',
        capture: clean({ tools: [...cleanTools(), 'bookstore_ping', null] }),
        findings: [
          {
            messageId: 'notObject',
            subject: 'server',
            message: 'Entry #4 of tools/list is a string, not an object; clients that validate tools/list reject the whole list.',
          },
          {
            messageId: 'notObject',
            subject: 'server',
            message: 'Entry #5 of tools/list is null, not an object; clients that validate tools/list reject the whole list.',
          },
        ],
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2),
      },
      {
        name: 'judges by the negotiated version: icons must be an array from 2025-11-25',
        capture: clean({ tools: withIcons() }),
        findings: [{ messageId: 'schema', subject: 'tool:bookstore_search_books#/icons' }],
      },
      {
        name: 'reports at most 5 problems per entry',
        capture: clean({
          resources: [{ uri: 'bookstore://x', name: 1, title: 2, description: 3, mimeType: 4, size: 'big', annotations: 'x', _meta: 7 }],
        }),
        findings: ['_meta', 'annotations', 'description', 'mimeType', 'name'].map((field) => ({
          messageId: 'schema' as const,
          subject: `resource:bookstore://x#/${field}`,
        })),
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(5),
      },
      {
        name: 'links each finding to the page frame that carried the entry',
        capture: clean({
          lists: {
            resources: {
              status: 'ok',
              pages: [
                { cursor: null, itemCount: 1, frame: 7, nextCursor: 'c1' },
                { cursor: 'c1', itemCount: 1, frame: 9 },
              ],
              items: [...cleanResources(), { uri: 'bookstore://b', name: 'b', size: 'big' }],
            },
          },
        }),
        findings: [{ messageId: 'schema', subject: 'resource:bookstore://b#/size', frame: 9 }],
      },
    ],
  });
});
