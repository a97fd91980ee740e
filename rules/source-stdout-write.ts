import { defineRule, type Report } from '../src/engine/rule.js';

const MAX_FINDINGS = 20;

const messages = {
  write:
    'Server code writes to stdout with {{call}} at {{file}}:{{line}}; on stdio, stdout carries only MCP messages, so whenever this line runs it corrupts the stream — write logs to stderr (console.error) instead.',
  writePython:
    'Server code writes to stdout with {{call}} at {{file}}:{{line}}; on stdio, stdout carries only MCP messages, so whenever this line runs it corrupts the stream — write logs to stderr (print(..., file=sys.stderr), or logging, which streams to stderr by default) instead.',
  more: 'Server code writes to stdout in {{count}} more places, not listed one by one.',
};

export default defineRule({
  id: 'source-stdout-write',
  category: 'source',
  basis: 'guideline',
  severity: 'error',
  precision: 'high',
  checklist: ['server-runs'],
  summary: "A stdio server's own code never writes to stdout (console.log, console.info, process.stdout.write, …); logs go to stderr.",
  references: [
    {
      title:
        'Server-building guide — Transport Best Practices, Stdio Transport Specific: "Local MCP servers should NOT log to stdout (interferes with protocol)"',
    },
    {
      title:
        'MCP spec 2025-11-25 — basic/transports § stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP message."',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
    },
  ],
  messages,
  requires: ['source', 'stdio'],
  fix: {
    safety: 'safe',
    summary:
      'Moves the write to stderr: console.log/info/debug → console.error, process.stdout.write → process.stderr.write, Python print(…) → print(…, file=sys.stderr) with `import sys` added once.',
    messages: ['write', 'writePython'],
  },
  *check({ source }): Generator<Report<keyof typeof messages>> {
    if (!source) return;
    // Keyed by file and statement text (not the line), so fingerprints survive unrelated edits.
    const seen = new Map<string, number>();
    let reported = 0;
    for (const write of source.stdoutWrites) {
      if (reported === MAX_FINDINGS) break;
      reported++;
      const base = `${write.file}|${write.text}`;
      const nth = (seen.get(base) ?? 0) + 1;
      seen.set(base, nth);
      yield {
        messageId: source.language === 'python' ? 'writePython' : 'write',
        data: { call: write.call, file: write.file, line: write.line },
        subject: { kind: 'transport' },
        key: nth === 1 ? base : `${base}|${nth}`,
        evidence: write.text,
        // On the write's own line: the manifest says nothing about where the stream gets corrupted.
        at: write,
      };
    }
    if (source.stdoutWrites.length > MAX_FINDINGS) {
      yield { messageId: 'more', data: { count: source.stdoutWrites.length - MAX_FINDINGS }, subject: { kind: 'transport' } };
    }
  },
});
