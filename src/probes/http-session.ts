/**
 * http-session: a request with a session id the server ended (or never issued) gets 404. The
 * session used is a throw-away one opened for the probe: the linted session is left alone.
 */
import { VERSION } from '../shared/version.js';
import { UNKNOWN_SESSION_ID } from '../model/http-probe-types.js';
import { dataOf, httpInput, isModern, sendStep, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

export const httpSessionProbe: HttpProbeModule = {
  id: 'http-session',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) return { skip: 'the legacy HTTP+SSE transport keeps its session in the endpoint URL' };
    if (isModern(ctx)) return { skip: 'protocol 2026-07-28 has no sessions' };
    if (!httpInput(ctx).sessionId) return { skip: 'the server issued no MCP-Session-Id (it runs without sessions)' };
    const handshake = ctx.input.handshake;
    const requested = handshake.ok ? handshake.requestedVersion : ctx.protocolVersion;
    return {
      steps: [
        {
          method: 'initialize',
          params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'mcplint', version: VERSION } },
          id: 'mcplint-probe-session-initialize',
          purpose: 'open-session',
          reason: 'opens a throw-away session for this probe, so that the linted session is left alone',
          http: { method: 'POST', bare: true },
        },
        {
          method: 'DELETE',
          purpose: 'end-session',
          reason: 'ends that throw-away session (sent only when the server issued it an MCP-Session-Id)',
          http: { method: 'DELETE', bare: true, session: 'throw-away', headers: { 'mcp-protocol-version': ctx.protocolVersion } },
        },
        {
          method: 'ping',
          id: 'mcplint-probe-session',
          purpose: 'ended-session',
          reason:
            "a request with the ended session's id " +
            `(or, when it could not be ended, one never issued: ${UNKNOWN_SESSION_ID}) must get 404 Not Found`,
          http: { method: 'POST', session: 'ended' },
        },
      ],
    };
  },
  async run(channel, steps) {
    const [open, end, use] = [steps[0]!, steps[1]!, steps[2]!];
    const throwAway = (await sendStep(channel, open)).headers['mcp-session-id'];
    let variant: 'terminated' | 'unknown' = 'unknown';
    let deleteStatus: number | undefined;
    let sessionId = UNKNOWN_SESSION_ID;
    if (throwAway) {
      const ended = await sendStep(channel, end, throwAway);
      deleteStatus = ended.status;
      if (ended.status !== undefined && ended.status >= 200 && ended.status < 300) {
        variant = 'terminated';
        sessionId = throwAway;
      }
    }
    const result = await sendStep(channel, use, sessionId);
    return { ...dataOf(result), variant, ...(deleteStatus !== undefined ? { deleteStatus } : {}) };
  },
};
