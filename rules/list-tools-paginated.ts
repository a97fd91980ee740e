import { defineRule, type Report } from '../src/engine/rule.js';
import {
  actionVerb,
  judgeableObjectSchema,
  LIMIT_NAMES,
  LISTING_VERBS,
  normalizeName,
  OFFSET_NAMES,
  topLevelParams,
} from './lib/schema-rules.js';

/** Root keywords through which parameters can be defined out of sight of `properties`. */
const INDIRECT = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'patternProperties'];

const messages = {
  missingLimit:
    'Tool "{{name}}" returns a collection (its verb is "{{verb}}") but has no limit parameter; add "limit" (integer, default 20, maximum 100) so the agent decides how many results enter its context.',
  missingOffset:
    'Tool "{{name}}" returns a collection (its verb is "{{verb}}") but has no offset or cursor parameter; add "offset" (or "cursor") so the agent can fetch the next page instead of everything at once.',
};

export default defineRule({
  id: 'list-tools-paginated',
  category: 'ergonomics',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: ['pagination'],
  summary:
    'Tools that list or search (verb list, search, find, query, browse or scan) take a limit parameter and an offset or cursor parameter.',
  references: [
    {
      title:
        'Server-building guide — Pagination Best Practices: "Always respect the limit parameter", "Use offset or cursor-based pagination"',
    },
    { title: 'Server-building guide — Pagination & Character Limits: "Always implement for list operations"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const verb = actionVerb(tool.name);
      if (verb === undefined || !LISTING_VERBS.has(verb)) continue;
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      if (INDIRECT.some((k) => k in schema)) continue; // parameters defined elsewhere: cannot tell
      const names = topLevelParams(schema).map(([name]) => normalizeName(name));
      const data = { name: tool.name, verb };
      const subject = { kind: 'tool', name: tool.name, pointer: '/inputSchema' } as const;
      if (!names.some((n) => LIMIT_NAMES.has(n))) yield { messageId: 'missingLimit', data, subject };
      if (!names.some((n) => OFFSET_NAMES.has(n))) yield { messageId: 'missingOffset', data, subject };
    }
  },
});
