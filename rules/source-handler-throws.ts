import { defineRule, type Report } from '../src/engine/rule.js';
import type { SourceIndex } from '../src/model/source-index.js';

type Throw = SourceIndex['throwingHandlers'][number];

const messages = {
  sdk: 'Tool "{{name}}" throws {{where}} instead of returning an error result; the SDK turns the exception into isError with nothing but the exception text, so return { isError: true, content: [...] } with a message that tells the agent what to do next.',
  protocol:
    'Tool "{{name}}" throws {{where}}, so the low-level Server answers with a JSON-RPC error that the model never sees; return { isError: true, content: [...] } with an actionable message instead.',
  raises:
    'Tool "{{name}}" raises {{where}} instead of returning an error result; {{api}} turns the exception into isError carrying only its message, so catch it and return a result with isError and a message that tells the agent what to do next.',
};

const isPython = (t: Throw) => t.style === 'fastmcp' || t.style === 'call_tool';

export default defineRule({
  id: 'source-handler-throws',
  category: 'source',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: ['external-call-error-handling', 'error-scenarios'],
  summary: 'Tool handlers report failures as results with isError: true and an actionable message, instead of throwing.',
  references: [
    {
      title:
        'Server-building guide — Error handling: "Tool errors should be reported within the result object, not as MCP protocol-level errors"',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Error Handling',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling',
    },
  ],
  messages,
  requires: ['source'],
  *check({ source }): Generator<Report<keyof typeof messages>> {
    if (!source) return;
    // One finding per tool, at its first throw; throws not tied to one tool (the "unknown tool"
    // branch of a low-level handler) are protocol errors by design and are not reported.
    const byTool = new Map<string, Throw[]>();
    for (const t of source.throwingHandlers) {
      if (t.tool === '') continue;
      byTool.set(t.tool, [...(byTool.get(t.tool) ?? []), t]);
    }
    for (const [name, throws] of byTool) {
      const first = throws[0]!;
      const others = throws.length - 1;
      const where = `at ${first.file}:${first.line}` + (others > 0 ? ` (and in ${others} more place${others === 1 ? '' : 's'})` : '');
      yield {
        messageId: first.style === 'CallToolRequestSchema' ? 'protocol' : isPython(first) ? 'raises' : 'sdk',
        data: { name, where, ...(isPython(first) ? { api: first.style === 'fastmcp' ? 'FastMCP' : 'the low-level Server' } : {}) },
        subject: { kind: 'tool', name },
        evidence: first.text,
        // On the first throw itself, the line the message names (the registration is elsewhere).
        at: first,
      };
    }
  },
});
