/** http-protocol-version: a request naming a protocol version that does not exist is refused with 400. */
import { BAD_PROTOCOL_VERSION } from '../model/http-probe-types.js';
import { atLeast } from '../shared/protocol-version.js';
import { dataOf, isModern, pingStep, sendStep, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

export const httpProtocolVersionProbe: HttpProbeModule = {
  id: 'http-protocol-version',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) return { skip: 'the legacy HTTP+SSE transport has no MCP-Protocol-Version header' };
    if (!isModern(ctx) && !atLeast(ctx.protocolVersion, '2025-06-18')) {
      return { skip: `the server negotiated ${ctx.protocolVersion}; the MCP-Protocol-Version header exists from 2025-06-18` };
    }
    return {
      steps: [
        {
          // 2026-07-28 carries the version in _meta too: both say the same bad version.
          ...pingStep(ctx, 'mcplint-probe-protocol-version', isModern(ctx) ? BAD_PROTOCOL_VERSION : undefined),
          purpose: 'bad-protocol-version',
          reason:
            `a request whose MCP-Protocol-Version names a version that does not exist (${BAD_PROTOCOL_VERSION}) ` +
            'must be refused with 400 Bad Request',
          http: { method: 'POST', headers: { 'mcp-protocol-version': BAD_PROTOCOL_VERSION } },
        },
      ],
    };
  },
  async run(channel, steps) {
    const step = steps[0]!;
    return { ...dataOf(await sendStep(channel, step)), sent: BAD_PROTOCOL_VERSION, method: step.method };
  },
};
