import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-title-present.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-title-present';

type Tool = Record<string, any>;
/** The clean get_book tool with its titles replaced. */
function tool(title: unknown, annotationsTitle: unknown, annotations = true): Tool {
  const t: Tool = structuredClone(cleanTools()[1]!);
  delete t.title;
  delete t.annotations.title;
  if (title !== undefined) t.title = title;
  if (annotationsTitle !== undefined) t.annotations.title = annotationsTitle;
  if (!annotations) delete t.annotations;
  return t;
}

const capture = (tools: Tool[], protocolVersion?: string) => () => makeCapture({ tools, ...(protocolVersion ? { protocolVersion } : {}) });
const missing = { messageId: 'missing', subject: 'tool:bookstore_get_book' } as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: 'accepts a title alone', capture: capture([tool('Get Book', undefined)]) },
      { name: 'accepts an annotations.title alone', capture: capture([tool(undefined, 'Get Book')]) },
      { name: 'leaves a title of the wrong type to list-entries-valid', capture: capture([tool(null, undefined)]) },
      { name: 'leaves an annotations.title of the wrong type to list-entries-valid', capture: capture([tool(undefined, 42)]) },
      { name: 'accepts a title a 2024-11-05 server sends anyway', capture: capture([tool('Get Book', undefined, false)], '2024-11-05') },
    ],
    invalid: [
      {
        name: 'reports a tool with neither title nor annotations.title',
        capture: capture([tool(undefined, undefined)]),
        findings: [
          {
            ...missing,
            message:
              'Tool "bookstore_get_book" has no human-readable title, so clients display its programmatic name; add a short, human-friendly "title".',
          },
        ],
      },
      { name: 'treats blank titles as missing', capture: capture([tool('  ', '')]), findings: [missing] },
      {
        name: 'reports a tool without annotations and without a title on 2025-06-18 and later',
        capture: capture([tool(undefined, undefined, false)], '2025-06-18'),
        findings: [missing],
      },
      {
        name: 'on 2025-03-26 asks for annotations.title, and leaves tools without annotations to tool-annotations-present',
        capture: capture(
          [tool(undefined, undefined), { ...tool(undefined, undefined, false), name: 'bookstore_list_authors' }],
          '2025-03-26',
        ),
        findings: [{ ...missing, message: /add a short, human-friendly "annotations\.title"/ }],
      },
      {
        name: 'applies on 2024-11-05 too, with or without annotations, saying that version has no field for a title',
        capture: capture(
          [tool(undefined, undefined), { ...tool(undefined, undefined, false), name: 'bookstore_list_authors' }],
          '2024-11-05',
        ),
        findings: [
          {
            messageId: 'missingNoField',
            subject: 'tool:bookstore_get_book',
            message: /protocol 2024-11-05, which the server negotiated, has no field for one .*upgrade the MCP SDK/,
          },
          { messageId: 'missingNoField', subject: 'tool:bookstore_list_authors' },
        ],
      },
    ],
  });
});
