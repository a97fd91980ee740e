/**
 * Protocol probe `version-negotiation`: the server started once more (over HTTP: a second session
 * of its own, ended with DELETE), and its first message is an initialize asking for a protocol version that does not exist. The server must answer with a
 * version it supports, never echo the bogus one (version-negotiation, version-negotiation-refusal).
 */
import { VERSION } from '../shared/version.js';
import { atLeast } from '../shared/protocol-version.js';
import type { ProbeModule } from './probe.js';

export const BOGUS_PROTOCOL_VERSION = '1900-01-01';

export const versionNegotiationProbe: ProbeModule = {
  id: 'version-negotiation',
  kind: 'protocol',
  plan(ctx) {
    if (atLeast(ctx.protocolVersion, '2026-07-28')) {
      return { skip: `protocol ${ctx.protocolVersion} has no initialize: the version travels with every request`, notApplicable: true };
    }
    return {
      steps: [
        {
          connection: 'fresh',
          method: 'initialize',
          params: { protocolVersion: BOGUS_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcplint', version: VERSION } },
          purpose: 'unsupported-version',
          reason: `${ctx.input.http ? 'in a second, throw-away HTTP session (ended with DELETE; the linted session is left alone)' : 'on a new connection'}: asking for protocol ${BOGUS_PROTOCOL_VERSION}, which no server supports, must get a version the server does support back`,
        },
      ],
      data: { requested: BOGUS_PROTOCOL_VERSION, negotiated: ctx.protocolVersion },
    };
  },
};
