import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  missing:
    'Server sets no limit on response size: its code ({{files}}) has no CHARACTER_LIMIT-style constant and truncates no response text; cap tool responses (the guide uses 25,000 characters) and tell the agent how to get the rest (a smaller limit, an offset, a filter).',
};

export default defineRule({
  id: 'source-no-response-limit',
  category: 'source',
  basis: 'guideline',
  severity: 'note',
  precision: 'medium',
  checklist: ['response-character-limit'],
  summary: 'The server caps the size of tool responses (a CHARACTER_LIMIT-style constant or a truncation of the response text).',
  references: [
    {
      title:
        'Server-building guide — Character Limits and Truncation: "Define CHARACTER_LIMIT constant: Typically 25,000 characters at module level"',
    },
    { title: 'Server-building guide — Quality Checklist, Code Quality: "CHARACTER_LIMIT respected with clear truncation"' },
  ],
  messages,
  requires: ['source', 'tools'],
  *check({ source, index }): Generator<Report<keyof typeof messages>> {
    if (!source || source.responseLimit || index.tools.length === 0) return;
    // Only judge code that visibly defines the tools; otherwise the limit may live elsewhere.
    const definesTools = source.registrations.some((r) => r.kind === 'tool') || source.unresolved.some((u) => u.kind === 'tool');
    if (!definesTools) return;
    const files = source.filesIndexed === 1 ? '1 source file' : `${source.filesIndexed} source files`;
    yield { messageId: 'missing', data: { files }, subject: { kind: 'server' } };
  },
});
