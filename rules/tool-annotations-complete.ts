import { defineRule, type Report } from '../src/engine/rule.js';

/** The four behaviour hints of ToolAnnotations, in the order the spec lists them. */
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The values a client assumes for an absent hint (schema.ts ToolAnnotations). */
const DEFAULTS: Record<(typeof HINTS)[number], boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

const messages = {
  missing:
    'Tool "{{name}}" leaves {{missing}} unset in its annotations, so clients fall back to the pessimistic defaults ({{defaults}}); set every hint to true or false explicitly.',
};

export default defineRule({
  id: 'tool-annotations-complete',
  category: 'annotations',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['annotations-correct'],
  summary: 'Tool annotations set all four hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) explicitly.',
  references: [
    {
      title:
        'Server-building guide — Quality checklist: "Annotations correctly set (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)"',
    },
    {
      title: 'MCP spec 2025-11-25 — schema § ToolAnnotations (defaults)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations',
    },
  ],
  messages,
  requires: ['tools'],
  fix: {
    safety: 'safe',
    summary:
      'Writes the unset hints into the annotations with the values clients already assume (readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true); for a tool annotated readOnlyHint: true, whose destructiveHint and idempotentHint clients ignore, destructiveHint: false and idempotentHint: true.',
  },
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const annotations = tool.annotations;
      // No annotations at all is tool-annotations-present's business; a non-object is a schema error.
      if (!annotations) continue;
      // Only absent hints: a present but non-boolean hint is a schema violation, reported by the schema rules.
      const missing = HINTS.filter((hint) => annotations[hint] === undefined);
      if (missing.length === 0) continue;
      yield {
        messageId: 'missing',
        data: {
          name: tool.name,
          missing: missing.join(', '),
          defaults: missing.map((hint) => `${hint}: ${DEFAULTS[hint]}`).join(', '),
        },
        subject: { kind: 'tool', name: tool.name, pointer: '/annotations' },
      };
    }
  },
});
