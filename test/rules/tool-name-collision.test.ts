import { describe } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import { indexCapture } from '../../src/engine/capture-index.js';
import type { PeerServer } from '../../src/engine/rule.js';
import rule from '../../rules/tool-name-collision.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-name-collision';
const tool = (name: string) => ({ ...cleanTools()[0], name });
const server = (name: string, tools: unknown[], filter: { includeTools?: string[]; excludeTools?: string[] } = {}): Capture => ({
  ...makeCapture({ tools }),
  target: { kind: 'stdio', command: 'node', args: [], envNames: [], declaredIn: { file: '/x/.mcp.json', line: 1, serverName: name } },
  clientConfig: {
    file: '.mcp.json',
    format: 'gemini',
    serverName: name,
    line: 1,
    keys: [],
    transport: 'stdio',
    entry: {},
    values: {},
    ...filter,
  },
});
const peers = (...captures: Capture[]): PeerServer[] =>
  captures.map((p) => ({ name: p.clientConfig!.serverName, capture: p, index: indexCapture(p) }));

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'ignores tools the client hides (excludeTools)',
        capture: server('web', [tool('search')], { excludeTools: ['search'] }),
        peers: peers(server('docs', [tool('search')])),
      },
      {
        name: 'ignores tools the client hides (includeTools)',
        capture: server('web', [tool('search')]),
        peers: peers(server('docs', [tool('search'), tool('x')], { includeTools: ['x'] })),
      },
      { name: 'is skipped when the server is linted alone', capture: server('web', [tool('search')]), skipped: /only one server/ },
    ],
    invalid: [
      {
        name: 'reports a tool name another server of the config also exposes',
        capture: server('web', [tool('search'), tool('web_fetch')]),
        peers: peers(server('docs', [tool('search'), tool('docs_get')])),
        findings: [{ messageId: 'collision', subject: 'tool:search', message: /server "docs"/ }],
      },
    ],
  });
});
