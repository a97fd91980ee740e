import { defineRule, type Report } from '../src/engine/rule.js';
import { actionVerb, MUTATING_VERBS, nameMentionsChange, READING_VERBS } from '../src/shared/verbs.js';

const messages = {
  readOnlyAndDestructive:
    'Tool "{{name}}" is annotated both readOnlyHint: true and destructiveHint: true; a read-only tool cannot destroy anything, so set destructiveHint: false or readOnlyHint: false.',
  mutatingNameReadOnly:
    'Tool "{{name}}" is annotated readOnlyHint: true, but its verb "{{verb}}" says it changes something; set readOnlyHint: false (and destructiveHint to match) unless the tool really only reads.',
  readingNameNotReadOnly:
    'Tool "{{name}}" is annotated readOnlyHint: false, but its verb "{{verb}}" says it only reads; set readOnlyHint: true if it has no side effects, or rename it to say what it changes.',
};

export default defineRule({
  id: 'tool-annotations-consistent',
  category: 'annotations',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['annotations-correct'],
  summary: 'Tool annotations do not contradict each other or the action verb in the tool name.',
  references: [
    { title: 'Server-building guide — Best practices for tool annotations: "Be accurate about side effects"' },
    {
      title: 'MCP spec 2025-11-25 — schema § ToolAnnotations',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const annotations = tool.annotations;
      if (!annotations) continue;
      const readOnly = annotations.readOnlyHint;

      if (readOnly === true && annotations.destructiveHint === true) {
        yield {
          messageId: 'readOnlyAndDestructive',
          data: { name: tool.name },
          subject: { kind: 'tool', name: tool.name, pointer: '/annotations' },
          evidence: '"readOnlyHint": true, "destructiveHint": true',
        };
      }

      const verb = actionVerb(tool.name);
      if (verb === undefined) continue;

      if (readOnly === true && MUTATING_VERBS.has(verb)) {
        yield {
          messageId: 'mutatingNameReadOnly',
          data: { name: tool.name, verb },
          subject: { kind: 'tool', name: tool.name, pointer: '/annotations/readOnlyHint' },
          evidence: '"readOnlyHint": true',
        };
      }

      // Only an explicit false: an absent readOnlyHint is tool-annotations-complete's business.
      // A name that also holds a changing verb anywhere (get_or_create_user, find_and_replace,
      // todo_list_add_item) may well change things: not judged.
      if (readOnly === false && READING_VERBS.has(verb) && !nameMentionsChange(tool.name)) {
        yield {
          messageId: 'readingNameNotReadOnly',
          data: { name: tool.name, verb },
          subject: { kind: 'tool', name: tool.name, pointer: '/annotations/readOnlyHint' },
          evidence: '"readOnlyHint": false',
        };
      }
    }
  },
});
