import { validateOfficial } from '../src/schema/json-schema.js';
import { defineRule, type Report } from '../src/engine/rule.js';

const MAX_FINDINGS = 10;

const messages = {
  schema: 'Server server/discover result{{where}} {{problem}} (official DiscoverResult schema, protocol 2026-07-28).',
};

export default defineRule({
  id: 'discover-result-schema',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: 'The server/discover result of a 2026-07-28 server is valid: supportedVersions, capabilities, resultType, ttlMs and cacheScope.',
  since: '2026-07-28',
  references: [
    { title: 'MCP spec 2026-07-28 — server/discover', url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/discover' },
    {
      title: 'MCP spec 2026-07-28 — schema § DiscoverResult',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/schema#discoverresult',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const handshake = capture.handshake;
    if (!handshake.ok || handshake.via !== 'server/discover') return;
    let n = 0;
    for (const problem of validateOfficial('2026-07-28', 'DiscoverResult', handshake.raw)) {
      if (n++ >= MAX_FINDINGS) return;
      yield {
        messageId: 'schema',
        data: { where: problem.pointer === '' ? '' : ` at ${problem.pointer}`, problem: problem.message },
        subject: { kind: 'server' },
        key: `${problem.pointer} ${problem.message}`,
      };
    }
  },
});
