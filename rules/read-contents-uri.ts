import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { frameOf, probeCalls, rawResultOf, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  otherUri:
    'Server answered resources/read of {{uri}} with contents that name only {{named}}; give the contents the URI that was read, so a client can tell which resource they are.',
};

export default defineRule({
  id: 'read-contents-uri',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'The contents of a resources/read answer name the URI that was read.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/resources § Reading Resources',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#reading-resources',
    },
    {
      title: 'MCP spec 2025-11-25 — schema (ResourceContents.uri: "The URI of this resource.")',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#resourcecontents',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const call of probeCalls(capture, 'resources-read')) {
      const uri = isObject(call.params) ? call.params.uri : undefined;
      const result = rawResultOf(capture, 'resources-read', call);
      if (typeof uri !== 'string' || !isObject(result) || !Array.isArray(result.contents)) continue;
      const named = result.contents.flatMap((c) => (isObject(c) && typeof c.uri === 'string' ? [c.uri] : []));
      // No contents, or contents without a uri, are result-schema-valid's to report.
      if (named.length === 0 || named.some((n) => sameUri(n, uri))) continue;
      const distinct = [...new Set(named)];
      yield {
        messageId: 'otherUri',
        data: { uri, named: distinct.slice(0, 3).join(', ') + (distinct.length > 3 ? ` and ${distinct.length - 3} more` : '') },
        subject: { kind: 'server' },
        key: uri,
        evidence: shorten(jsonText(result.contents.map((c) => (isObject(c) ? { uri: c.uri } : c))) ?? '', 300),
        ...frameOf(call),
      };
    }
  },
});

/** Equal as written, or once both are normalised as URLs (case of scheme and host, percent-encoding of the path). */
function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
