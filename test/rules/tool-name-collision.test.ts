import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import { indexCapture } from '../../src/engine/capture-index.js';
import rule from '../../rules/tool-name-collision.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

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
const run = (capture: Capture, peers: Capture[]) =>
  runRule(rule, capture, { peers: peers.map((p) => ({ name: p.clientConfig!.serverName, capture: p, index: indexCapture(p) })) });

describe(RULE, () => {
  it('reports a tool name another server of the config also exposes', () => {
    const result = run(server('web', [tool('search'), tool('web_fetch')]), [server('docs', [tool('search'), tool('docs_get')])]);
    expect(summary(result)).toEqual([`${RULE} collision tool:search`]);
    expect(result.findings[0]!.message).toContain('server "docs"');
  });

  it('ignores tools the client hides (includeTools / excludeTools)', () => {
    expect(run(server('web', [tool('search')], { excludeTools: ['search'] }), [server('docs', [tool('search')])]).findings).toEqual([]);
    expect(run(server('web', [tool('search')]), [server('docs', [tool('search'), tool('x')], { includeTools: ['x'] })]).findings).toEqual(
      [],
    );
  });

  it('is skipped when the server is linted alone', () => {
    const result = runRule(rule, server('web', [tool('search')]));
    expect(result.skipped[0]!.reason).toContain('only one server');
  });
});
