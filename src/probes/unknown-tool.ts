/**
 * Protocol probe `unknown-tool`: tools/call with a name the server does not list. No tool of the
 * server runs (unknown-tool-error, unknown-tool-protocol-error).
 */
import type { ProbeModule } from './probe.js';

export const UNKNOWN_TOOL = 'mcplint_no_such_tool';

export const unknownToolProbe: ProbeModule = {
  id: 'unknown-tool',
  kind: 'protocol',
  plan(ctx) {
    const tools = ctx.input.lists.tools;
    if (tools.status === 'not-advertised') return { skip: 'the server does not advertise tools', notApplicable: true };
    if (tools.status !== 'ok' && tools.status !== 'partial') return { skip: 'tools/list failed' };
    const names = new Set(ctx.tools.map((t) => t.name));
    let name = UNKNOWN_TOOL;
    for (let n = 2; names.has(name); n++) name = `${UNKNOWN_TOOL}_${n}`;
    return {
      steps: [
        {
          method: 'tools/call',
          params: { name, arguments: {} },
          purpose: 'unknown-tool',
          reason: `no tool is named "${name}", so the call must fail with JSON-RPC error -32602; no tool of the server runs`,
          detail: { name },
        },
      ],
    };
  },
};
