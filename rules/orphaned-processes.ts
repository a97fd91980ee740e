import { defineRule, type Report } from '../src/engine/rule.js';

const COMMAND_CHARS = 120;

const messages = {
  survivors:
    'Server left {{count}} process{{plural}} running after it was shut down, outside its process tree and process group, so no client could stop {{them}} (mcplint found {{them}} by its run marker and killed {{them}}); do not daemonise helpers: keep them children of the server and stop them when stdin closes.',
};

export default defineRule({
  id: 'orphaned-processes',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  checklist: 'none',
  precision: 'very-high',
  summary: 'A stdio server leaves no process running once it is shut down: no daemon that escaped its process tree, group or session.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Shutdown (stdio: the client closes stdin, then SIGTERM, then SIGKILL the server)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#shutdown',
    },
    {
      title: 'MCP spec 2026-07-28 — basic/transports/stdio § Shutdown',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#shutdown',
    },
  ],
  messages,
  requires: ['stdio', 'exit'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const survivors = capture.exit?.survivors ?? [];
    if (survivors.length === 0) return;
    const one = survivors.length === 1;
    yield {
      messageId: 'survivors',
      data: { count: survivors.length, plural: one ? '' : 'es', them: one ? 'it' : 'them' },
      subject: { kind: 'transport' },
      evidence: survivors
        .map((p) => (p.command.length > COMMAND_CHARS ? `${p.command.slice(0, COMMAND_CHARS)}…` : p.command || `pid ${p.pid}`))
        .join('\n'),
    };
  },
});
