import { defineRule, type Report } from '../src/engine/rule.js';
import { joinList } from './lib/naming.js';

const messages = {
  duplicate:
    'Tool name "{{name}}" is listed {{count}} times; clients call tools by name, so only one of them can be reached: give each tool its own name or list it once.',
  caseCollision:
    'Tool names {{names}} differ only in letter case; names are case-sensitive, but clients, models and people confuse them, so rename all but one.',
};

export default defineRule({
  id: 'tool-name-unique',
  category: 'naming',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['task-subdivision-names'],
  summary: 'Tool names are unique within the server, across all pages of tools/list, and do not differ only in letter case.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool Names ("SHOULD be unique within a server")',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const counts = new Map<string, number>();
    for (const tool of index.tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);

    for (const [name, count] of counts) {
      if (count > 1) yield { messageId: 'duplicate', data: { name, count }, subject: { kind: 'tool', name } };
    }

    const byFolded = new Map<string, string[]>();
    for (const name of counts.keys()) {
      const folded = name.toLowerCase();
      byFolded.set(folded, [...(byFolded.get(folded) ?? []), name]);
    }
    for (const names of byFolded.values()) {
      if (names.length < 2) continue;
      const quoted = names.map((n) => `"${n}"`);
      yield {
        messageId: 'caseCollision',
        data: { names: joinList(quoted) },
        subject: { kind: 'tool', name: names[0]! },
        evidence: names.join(', '),
      };
    }
  },
});
