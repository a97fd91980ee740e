import { defineRule, type Report } from '../src/engine/rule.js';
import type { Entry } from '../src/engine/capture-index.js';

/**
 * Absent or blank. A value of the wrong type (null included) breaks the official schema and is
 * list-entries-valid's finding, and so is an absent `name` (the spec requires it).
 */
const absent = (value: unknown): boolean => value === undefined || (typeof value === 'string' && value.trim() === '');
const blank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

const messages = {
  missingName: '{{label}} "{{uri}}" has no name; give it a short name that clients can list and the model can refer to.',
  missingDescription:
    '{{label}} "{{uri}}" has no description; say what it contains, so the client and the model can decide when to read it.',
  missingMimeType:
    'Resource "{{uri}}" has no mimeType; declare it (e.g. "application/json", "text/markdown") so clients know how to present and parse it.',
  templateMissingMimeType:
    'Resource template "{{uri}}" has no mimeType; when every resource it addresses has the same type, declare it (e.g. "application/json") so clients know how to parse them.',
};

export default defineRule({
  id: 'resource-metadata',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'note',
  precision: 'high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Every resource and resource template has a name, a description and a MIME type.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/resources § Resource',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Resource Templates',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource-templates',
    },
  ],
  messages,
  requires: ['resources'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const lists: readonly [readonly Entry[], 'resource' | 'resourceTemplate'][] = [
      [index.resources, 'resource'],
      [index.resourceTemplates, 'resourceTemplate'],
    ];
    for (const [entries, kind] of lists) {
      const label = kind === 'resource' ? 'Resource' : 'Resource template';
      for (const entry of entries) {
        const subject = { kind, name: entry.name } as const;
        const data = { label, uri: entry.name };
        const raw = entry.raw;
        if (blank(raw.name)) yield { messageId: 'missingName', data, subject };
        if (absent(raw.description)) yield { messageId: 'missingDescription', data, subject };
        if (absent(raw.mimeType)) {
          yield { messageId: kind === 'resource' ? 'missingMimeType' : 'templateMissingMimeType', data, subject };
        }
      }
    }
  },
});
