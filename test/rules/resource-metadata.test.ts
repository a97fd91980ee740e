import { describe } from 'vitest';
import { cleanResources, cleanResourceTemplates, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/resource-metadata.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'resource-metadata';
const without = <T extends Record<string, unknown>>(items: T[], ...keys: string[]): T[] =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => !keys.includes(k))) as T);
const TEMPLATE = 'resourceTemplate:bookstore://books/{book_id}';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts the clean resources and templates',
        capture: () => makeCapture({ resources: cleanResources(), resourceTemplates: cleanResourceTemplates() }),
      },
      {
        name: 'leaves an absent name and values of the wrong type to list-entries-valid',
        capture: makeCapture({ resources: [{ uri: 'bookstore://x', description: null, mimeType: 7 }] }),
      },
      {
        name: 'is skipped when the server offers no resources',
        capture: () => makeCapture({ tools: cleanTools() }),
        skipped: /^the server does not advertise resources$/,
      },
    ],
    invalid: [
      {
        name: 'reports a resource without a mimeType',
        capture: () => makeCapture({ resources: without(cleanResources(), 'mimeType'), resourceTemplates: cleanResourceTemplates() }),
        findings: [
          {
            messageId: 'missingMimeType',
            subject: 'resource:bookstore://catalogue/stats',
            message:
              'Resource "bookstore://catalogue/stats" has no mimeType; declare it (e.g. "application/json", "text/markdown") so clients know how to present and parse it.',
          },
        ],
      },
      {
        name: 'reports a resource without a description and one with a blank name',
        capture: () =>
          makeCapture({
            resources: [
              ...without(cleanResources(), 'description'),
              { uri: 'bookstore://x', name: ' ', description: 'X.', mimeType: 'text/plain' },
            ],
          }),
        findings: [
          {
            messageId: 'missingDescription',
            subject: 'resource:bookstore://catalogue/stats',
            message:
              'Resource "bookstore://catalogue/stats" has no description; say what it contains, so the client and the model can decide when to read it.',
          },
          {
            messageId: 'missingName',
            subject: 'resource:bookstore://x',
            message: 'Resource "bookstore://x" has no name; give it a short name that clients can list and the model can refer to.',
          },
        ],
      },
      {
        name: 'reports resource templates with their own subject kind and wording',
        capture: () =>
          makeCapture({ resources: cleanResources(), resourceTemplates: without(cleanResourceTemplates(), 'description', 'mimeType') }),
        findings: [
          {
            messageId: 'missingDescription',
            subject: TEMPLATE,
            message: /^Resource template "bookstore:\/\/books\/\{book_id\}" has no description/,
          },
          { messageId: 'templateMissingMimeType', subject: TEMPLATE },
        ],
      },
      {
        name: 'checks templates even when the resource list is empty',
        capture: () => makeCapture({ resources: [], resourceTemplates: without(cleanResourceTemplates(), 'mimeType') }),
        findings: [{ messageId: 'templateMissingMimeType', subject: TEMPLATE }],
      },
    ],
  });
});
