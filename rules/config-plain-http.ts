import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  plainHttp:
    'Server "{{server}}" in {{file}} is reached over plain http:// at {{host}}, which is not this machine; use https:// so requests, answers and any token in the headers cannot be read or changed on the way.',
};

/** Hosts that never leave the machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1'
  );
}

export default defineRule({
  id: 'config-plain-http',
  category: 'config',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A remote server in a client config is reached over https://; plain http:// is only for servers on this machine (loopback).',
  references: [
    { title: 'Server-building guide — OAuth and Security Best Practices: "Use secure transmission (HTTPS) for all network communication"' },
    {
      title: 'MCP spec 2025-11-25 — basic/authorization § Communication Security',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#communication-security',
    },
  ],
  messages,
  requires: ['clientConfig'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const config = capture.clientConfig;
    if (!config || capture.target.kind !== 'http') return;
    let url: URL;
    try {
      url = new URL(capture.target.url);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' || isLoopback(url.hostname)) return;
    const key = Object.keys(config.values).find((p) => ['/url', '/httpUrl', '/serverUrl'].includes(p)) ?? '/url';
    yield {
      messageId: 'plainHttp',
      data: { server: config.serverName, file: config.file, host: url.host },
      subject: { kind: 'server' },
      evidence: `${key.slice(1)}: ${config.values[key]?.text ?? `${url.protocol}//${url.host}${url.pathname}`}`,
    };
  },
});
