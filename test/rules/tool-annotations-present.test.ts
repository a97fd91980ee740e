import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-annotations-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-annotations-present';
const withoutAnnotations = (protocolVersion?: string) => () =>
  makeCapture({
    tools: cleanTools().map((t, i) => (i === 1 ? { ...t, annotations: undefined } : t)),
    ...(protocolVersion ? { protocolVersion } : {}),
  });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [{ name: 'accepts tools with annotations', capture: () => makeCapture({ tools: cleanTools() }) }],
    invalid: [
      {
        name: 'reports a tool without annotations',
        capture: withoutAnnotations(),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book' }],
      },
      {
        name: 'applies on 2024-11-05 too, and says that version has no field for annotations and what to upgrade',
        capture: withoutAnnotations('2024-11-05'),
        findings: [
          {
            messageId: 'missingNoField',
            subject: 'tool:bookstore_get_book',
            message: /protocol 2024-11-05, which the server negotiated, has no field for them.*upgrade the MCP SDK/,
          },
        ],
        assert: (result) => expect(result.skipped).toEqual([]),
      },
      {
        name: 'on 2025-03-26, which has the field, asks for annotations only',
        capture: withoutAnnotations('2025-03-26'),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book' }],
      },
    ],
  });
});
