import { defineRule, type Report } from '../src/engine/rule.js';
import { distinctTools, leftToFormatRule, words } from './lib/naming.js';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

const messages = {
  notSnakeCase: 'Tool "{{name}}" is not snake_case; rename it to "{{suggestion}}".',
  notSnakeCaseNoSuggestion:
    'Tool "{{name}}" is not snake_case; use lower-case words of letters and digits joined by single underscores, starting with a letter (e.g. "slack_send_message").',
};

export default defineRule({
  id: 'tool-name-snake-case',
  category: 'naming',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Tool names are snake_case: lower-case words of letters and digits joined by single underscores.',
  references: [{ title: 'Server-building guide — Tool Naming Best Practices: "Use snake_case: search_users, create_project, get_channel_info"' }],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      // Spec-invalid names (spaces, slashes, too long…) are tool-name-format's business.
      if (SNAKE_CASE.test(name) || name === '' || leftToFormatRule(name, index.protocolVersion)) continue;
      const suggestion = words(name).join('_');
      if (SNAKE_CASE.test(suggestion)) {
        yield { messageId: 'notSnakeCase', data: { name, suggestion }, subject: { kind: 'tool', name } };
      } else {
        yield { messageId: 'notSnakeCaseNoSuggestion', data: { name }, subject: { kind: 'tool', name } };
      }
    }
  },
});
