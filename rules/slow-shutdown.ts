import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { stderrTail } from './lib/stderr.js';

const COMMAND_CHARS = 120;

const messages = {
  sigterm:
    'Server did not exit within {{grace}} ms of its stdin closing, so mcplint had to send SIGTERM; exit when stdin ends (on its "end" event close servers, timers and connections).',
  sigkill:
    'Server did not exit within {{grace}} ms of its stdin closing, nor within {{grace}} ms of SIGTERM, so mcplint had to SIGKILL it; exit when stdin ends and do not ignore SIGTERM.',
  leftBehind:
    'Server exited but left {{count}} process{{plural}} it started still running, so mcplint killed {{them}}; stop child processes when the server shuts down.',
};

export default defineRule({
  id: 'slow-shutdown',
  category: 'stdio',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A stdio server exits promptly when its stdin closes, and leaves none of the processes it started running.',
  references: [
    {
      title: 'MCP spec 2026-07-28 — basic/transports/stdio § Shutdown: "Servers SHOULD exit promptly when their standard input is closed"',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#shutdown',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Shutdown (stdio: close stdin, then SIGTERM, then SIGKILL)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#shutdown',
    },
  ],
  messages,
  requires: ['stdio', 'exit'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const exit = capture.exit;
    if (!exit) return;
    const subject = { kind: 'transport' } as const;
    // A server that never got going (handshake failed) or that mcplint stopped for flooding is
    // reported by handshake / output-flood; how it then ended says nothing more.
    if ((exit.how === 'sigterm' || exit.how === 'sigkill') && capture.handshake.ok && !capture.output?.stopped) {
      const tail = stderrTail(capture.stderr.text);
      const lastLines = tail?.split('\n').slice(-3).join('\n');
      yield {
        messageId: exit.how,
        data: { grace: exit.graceMs ?? 'a few hundred' },
        subject,
        evidence:
          lastLines ??
          `stdin closed; ${exit.how === 'sigkill' ? 'SIGTERM ignored; ended by SIGKILL' : 'ended by SIGTERM'} after ${exit.shutdownMs ?? '?'} ms`,
      };
    }
    const left = exit.leftBehind ?? [];
    if (left.length > 0) {
      yield {
        messageId: 'leftBehind',
        data: { count: left.length, plural: left.length === 1 ? '' : 'es', them: left.length === 1 ? 'it' : 'them' },
        subject,
        evidence: left.map((p) => clip(p.command, COMMAND_CHARS) || `pid ${p.pid}`).join('\n'),
      };
    }
  },
});
