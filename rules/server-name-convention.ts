import { defineRule, type Report } from '../src/engine/rule.js';
import { findVersionOrDate, serviceWords, stripVersionsAndDates } from './lib/naming.js';

/** Node/TypeScript: {service}-mcp-server (an npm scope is tolerated: @acme/slack-mcp-server). */
const NODE_CONVENTION = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9]+(?:-[a-z0-9]+)*-mcp-server$/;
/** Python: {service}_mcp. */
const PYTHON_CONVENTION = /^[a-z0-9]+(?:_[a-z0-9]+)*_mcp$/;

const messages = {
  convention:
    'Server name "{{name}}" does not follow the convention {service}-mcp-server (TypeScript) or {service}_mcp (Python) in lower case; rename it, e.g. {{example}}.',
  versionInName:
    'Server name "{{name}}" contains the version or date "{{token}}"; keep the name stable and report the version in serverInfo.version instead (e.g. "{{suggestion}}").',
};

export default defineRule({
  id: 'server-name-convention',
  category: 'naming',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['server-name-format'],
  summary:
    'serverInfo.name follows {service}-mcp-server (TypeScript) or {service}_mcp (Python), in lower case, without version numbers or dates.',
  references: [
    {
      title:
        'Server-building guide — Server Naming Conventions: "Python: {service}_mcp … Node/TypeScript: {service}-mcp-server … Without version numbers or dates"',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const name = index.serverName;
    if (name === undefined || name.trim() === '') return; // a missing name is a handshake-schema finding
    const subject = { kind: 'server' } as const;

    const token = findVersionOrDate(name);
    const stable = token === undefined ? name : stripVersionsAndDates(name);
    const service = serviceWords(name);
    const example = service ? `"${service.join('-')}-mcp-server" or "${service.join('_')}_mcp"` : '"slack-mcp-server" or "slack_mcp"';

    if (token !== undefined) {
      const suggestion =
        NODE_CONVENTION.test(stable) || PYTHON_CONVENTION.test(stable) || !service
          ? stable || 'slack-mcp-server'
          : `${service.join('-')}-mcp-server`;
      yield { messageId: 'versionInName', data: { name, token, suggestion }, subject, evidence: name };
    }
    if (!NODE_CONVENTION.test(stable) && !PYTHON_CONVENTION.test(stable)) {
      yield { messageId: 'convention', data: { name, example }, subject, evidence: name };
    }
  },
});
