import { defineRule, type Report } from '../src/engine/rule.js';
import { disallowedChars, distinctTools, joinList, leftToFormatRule } from './lib/naming.js';

const PORTABLE_MAX = 64;
const PORTABLE_CHAR = /^[A-Za-z0-9_-]$/;

const messages = {
  tooLong:
    'Tool "{{name}}" has a name of {{length}} characters; some clients and model APIs reject tool names over 64 characters (and clients that add a server prefix need room), so shorten it to 64 or fewer.',
  invalidChars:
    'Tool "{{name}}" contains {{chars}}, which some clients and model APIs reject in tool names (they accept only A-Z, a-z, 0-9, "_" and "-"); use e.g. "{{suggestion}}".',
};

export default defineRule({
  id: 'tool-name-portable',
  category: 'naming',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Tool names fit the strictest clients and model APIs: 1–64 characters of A-Z, a-z, 0-9, underscore and hyphen.',
  references: [
    {
      title:
        'Server-building guide — Tool Naming Best Practices: "Anticipate that your MCP server may be used alongside other MCP servers"',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool Names (the spec limit is 128 characters with dots allowed)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    },
    {
      title: 'SEP-986 — Specify format for tool names (proposed 1–64 characters)',
      url: 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/seps/986-specify-format-for-tool-names.md',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      // Names outside the spec's own limits (1–128 of A-Za-z0-9_.-) are tool-name-format's business.
      if (name === '' || leftToFormatRule(name, index.protocolVersion)) continue;
      const length = [...name].length;
      if (length > PORTABLE_MAX) yield { messageId: 'tooLong', data: { name, length }, subject: { kind: 'tool', name } };
      const chars = disallowedChars(name, PORTABLE_CHAR);
      if (chars.length > 0) {
        const suggestion = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
        yield { messageId: 'invalidChars', data: { name, chars: joinList(chars), suggestion }, subject: { kind: 'tool', name } };
      }
    }
  },
});
