import { defineRule, type Report } from '../src/engine/rule.js';
import { disallowedChars, distinctTools, joinList, SPEC_TOOL_NAME_MAX } from './lib/naming.js';

const ALLOWED_CHAR = /^[A-Za-z0-9_.-]$/;

const messages = {
  empty: 'A tool has an empty name; give it a name of 1–128 characters from A-Z, a-z, 0-9, "_", "-" and ".".',
  tooLong: 'Tool "{{name}}" has a name of {{length}} characters; shorten it to at most 128.',
  invalidChars:
    'Tool "{{name}}" contains {{chars}}, which tool names should not; use only A-Z, a-z, 0-9, "_", "-" and "." (e.g. "{{suggestion}}").',
};

export default defineRule({
  id: 'tool-name-format',
  category: 'naming',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Tool names are 1–128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot.',
  since: '2025-11-25',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool Names',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      if (name.length === 0) {
        yield { messageId: 'empty', subject: { kind: 'tool', name } };
        continue;
      }
      const length = [...name].length;
      if (length > SPEC_TOOL_NAME_MAX) {
        yield { messageId: 'tooLong', data: { name, length }, subject: { kind: 'tool', name } };
      }
      const chars = disallowedChars(name, ALLOWED_CHAR);
      if (chars.length > 0) {
        const suggestion = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
        yield {
          messageId: 'invalidChars',
          data: { name, chars: joinList(chars), suggestion },
          subject: { kind: 'tool', name },
          evidence: name,
        };
      }
    }
  },
});
