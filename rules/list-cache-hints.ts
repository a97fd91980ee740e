import { LIST_METHODS, type ListName } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const SCOPES = new Set(['public', 'private']);

const messages = {
  missingTtl:
    'Server answered {{method}} without "ttlMs"; a 2026-07-28 list result must say how long it may be cached (an integer of milliseconds, 0 for "always re-fetch").',
  invalidTtl: 'Server answered {{method}} with ttlMs {{value}}; it must be an integer of at least 0.',
  missingScope:
    'Server answered {{method}} without "cacheScope"; a 2026-07-28 list result must say whether it may be shared across users ("public") or not ("private").',
  invalidScope: 'Server answered {{method}} with cacheScope {{value}}; it must be "public" or "private".',
  mixedScope:
    'Server answered the pages of {{method}} with different cacheScope values ({{values}}); all pages of one list must use the same cacheScope.',
};

export default defineRule({
  id: 'list-cache-hints',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Every list result of a 2026-07-28 server carries ttlMs (an integer ≥ 0) and cacheScope ("public" or "private"), the same on every page.',
  since: '2026-07-28',
  references: [
    {
      title: 'MCP spec 2026-07-28 — server/utilities/caching § Cacheable Results',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching',
    },
    {
      title: 'MCP spec 2026-07-28 — schema § CacheableResult',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/schema#cacheableresult',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const name of Object.keys(LIST_METHODS) as ListName[]) {
      const { method } = LIST_METHODS[name];
      const list = capture.lists[name];
      const scopes = new Set<string>();
      const report = (messageId: keyof typeof messages, data: Record<string, string>, frame?: number): Report<keyof typeof messages> => ({
        messageId,
        data: { method, ...data },
        subject: { kind: 'server' },
        key: `${method} ${messageId}`,
        ...(frame !== undefined && frame >= 0 ? { frame } : {}),
      });
      let ttlReported = false;
      let scopeReported = false;
      for (const page of list.pages) {
        const rest = page.rest;
        // Hints belong on complete results; an InputRequiredResult is input-required-placement's business.
        if (!rest || rest.resultType === 'input_required') continue;
        if (!ttlReported) {
          if (!('ttlMs' in rest)) {
            ttlReported = true;
            yield report('missingTtl', {}, page.frame);
          } else if (typeof rest.ttlMs !== 'number' || !Number.isInteger(rest.ttlMs) || rest.ttlMs < 0) {
            ttlReported = true;
            yield report('invalidTtl', { value: jsonText(rest.ttlMs) ?? 'undefined' }, page.frame);
          }
        }
        if (!('cacheScope' in rest)) {
          if (!scopeReported) yield report('missingScope', {}, page.frame);
          scopeReported = true;
        } else if (typeof rest.cacheScope !== 'string' || !SCOPES.has(rest.cacheScope)) {
          if (!scopeReported) yield report('invalidScope', { value: jsonText(rest.cacheScope) ?? 'undefined' }, page.frame);
          scopeReported = true;
        } else scopes.add(rest.cacheScope);
      }
      if (scopes.size > 1) yield report('mixedScope', { values: [...scopes].join(', ') });
    }
  },
});
