import { atLeast, olderThan } from '../src/shared/protocol-version.js';
import { defineRule, type Report } from '../src/engine/rule.js';

const nonBlank = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const malformed = (value: unknown): boolean => value !== undefined && typeof value !== 'string';

/** Tool.title exists from 2025-06-18; before that only annotations.title (2025-03-26) can carry a title. */
function hasTopLevelTitle(protocolVersion: string | undefined): boolean {
  return atLeast(protocolVersion, '2025-06-18');
}

const messages = {
  missing: 'Tool "{{name}}" has no human-readable title, so clients display its programmatic name; add a short, human-friendly {{field}}.',
  missingNoField:
    'Tool "{{name}}" has no human-readable title, so clients display its programmatic name; protocol {{negotiated}}, which the server negotiated, has no field for one (annotations.title arrived in 2025-03-26, title in 2025-06-18): upgrade the MCP SDK so the server negotiates a current version, then add a short, human-friendly "title".',
};

export default defineRule({
  id: 'tool-title-present',
  category: 'annotations',
  basis: 'guideline',
  severity: 'note',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Every tool has a human-readable title (`title`, or `annotations.title`) for clients to display.',
  references: [
    { title: 'Server-building guide — Best practices for tool annotations: "Use descriptive titles"' },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool (title)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  fix: {
    safety: 'safe',
    summary:
      'Adds a `title` made from the tool name (`get_forecast` → "Get Forecast") to the registration (Python: `@mcp.tool(title="…")`, `types.Tool(title="…")`).',
    messages: ['missing'],
  },
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const negotiated = index.protocolVersion;
    const topLevel = hasTopLevelTitle(negotiated);
    // A guideline, so it applies on every version; before 2025-03-26 no field can carry a title.
    const noField = olderThan(negotiated, '2025-03-26');
    for (const tool of index.tools) {
      if (nonBlank(tool.raw.title) || nonBlank(tool.annotations?.title)) continue;
      // A title of the wrong type (null included) breaks the official schema: list-entries-valid.
      if (malformed(tool.raw.title) || malformed(tool.annotations?.title)) continue;
      const subject = { kind: 'tool', name: tool.name } as const;
      if (noField) {
        yield { messageId: 'missingNoField', data: { name: tool.name, negotiated }, subject };
        continue;
      }
      // On 2025-03-26 the only place for a title is annotations: a tool without any is
      // tool-annotations-present's finding, not a second one here.
      if (!topLevel && tool.annotations === undefined) continue;
      yield { messageId: 'missing', data: { name: tool.name, field: topLevel ? '"title"' : '"annotations.title"' }, subject };
    }
  },
});
