import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-description-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-description-present';
const withDescription = (description: unknown) => {
  const tools: Record<string, unknown>[] = cleanTools();
  tools[1] = { ...tools[1], description };
  if (description === undefined) delete tools[1]!.description;
  return tools;
};

const capture = (description: unknown, protocolVersion?: string) => () =>
  makeCapture({ tools: withDescription(description), ...(protocolVersion ? { protocolVersion } : {}) });
const blank = (description: string) => ({
  name: `reports a blank description ${JSON.stringify(description)}`,
  capture: capture(description),
  findings: [{ messageId: 'blank', subject: 'tool:bookstore_get_book#/description', evidence: JSON.stringify(description) }] as const,
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: 'accepts any non-blank description (length and quality are other rules)', capture: capture('x') },
      { name: 'leaves a null description to list-entries-valid', capture: capture(null) },
      { name: 'leaves a numeric description to list-entries-valid', capture: capture(42) },
    ],
    invalid: [
      {
        name: 'reports a tool without a description',
        capture: capture(undefined),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book', message: /^Tool "bookstore_get_book" has no description/ }],
      },
      blank(''),
      blank('   '),
      blank('\n\t'),
      {
        name: 'applies to 2024-11-05 servers too',
        capture: capture(undefined, '2024-11-05'),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book' }],
      },
    ],
  });
});
