import { defineRule, type Report } from '../src/engine/rule.js';
import { olderThan } from '../src/shared/protocol-version.js';

const messages = {
  missing: 'Tool "{{name}}" has no annotations, so clients must assume it is destructive and reaches the outside world.',
  missingNoField:
    'Tool "{{name}}" has no annotations, so clients must assume it is destructive and reaches the outside world; protocol {{negotiated}}, which the server negotiated, has no field for them (tool annotations arrived in 2025-03-26): upgrade the MCP SDK so the server negotiates a current version, then declare them.',
};

export default defineRule({
  id: 'tool-annotations-present',
  category: 'annotations',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['name-and-annotations-registered', 'annotations-correct'],
  summary: 'Every tool declares annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint).',
  references: [
    { title: 'Server-building guide — Tool Design Guidelines: "Should provide tool annotations"' },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool (annotations)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  fix: {
    safety: 'unsafe',
    summary:
      "Adds annotations inferred from the tool name's verb: a reading verb (get, list, search…) gives readOnlyHint: true, destructiveHint: false, idempotentHint: true; any other name the values clients assume; openWorldHint: true. TypeScript and JavaScript only.",
    messages: ['missing'],
    languages: ['javascript'],
  },
  *check({ index }): Generator<Report<keyof typeof messages>> {
    // A guideline, so it applies on every version; before 2025-03-26 the fix starts with the SDK.
    const negotiated = index.protocolVersion;
    const messageId = olderThan(negotiated, '2025-03-26') ? 'missingNoField' : 'missing';
    for (const tool of index.tools) {
      if (tool.raw.annotations === undefined)
        yield { messageId, data: { name: tool.name, negotiated }, subject: { kind: 'tool', name: tool.name } };
    }
  },
});
