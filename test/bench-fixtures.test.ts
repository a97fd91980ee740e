// The bench's fixture servers start and answer (one run each; `npm run bench` does the timing).
import { describe, expect, it } from 'vitest';
import { startHttpServer } from '../scripts/http-fixture.js';
import { captureFixture, fixturePath } from './helpers/capture.js';

describe('bench fixtures', () => {
  it('the large-list server lists 188 distinct tools in about 0.8 MB, some with local references', async () => {
    const capture = await captureFixture('bench/large-list-server.mjs', { probeConfig: false, env: { BENCH_STARTUP_CPU_MS: '0' } });
    const tools = capture.lists.tools.items as { name: string }[];
    expect(tools).toHaveLength(188);
    expect(new Set(tools.map((t) => t.name)).size).toBe(188);
    expect(JSON.stringify(tools).length).toBeGreaterThan(700_000);
    // The shape zod 4 and Pydantic emit for nested models, which a bench without references cannot see.
    expect(tools.filter((t) => JSON.stringify(t).includes('"$ref":"#/')).length).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('the slow-exit server lists 118 tools and still exits by itself after stdin closes', async () => {
    const capture = await captureFixture('bench/slow-exit-server.mjs', { probeConfig: false, exitGraceMs: 10_000 });
    expect(capture.lists.tools.items).toHaveLength(118);
    expect(capture.exit).toMatchObject({ how: 'stdin-closed', code: 0 });
  }, 60_000);

  it('the HTTP flood server answers initialize before it floods', async () => {
    const server = await startHttpServer(fixturePath('bench/http-flood-server.mjs'), { args: ['sse-event'] });
    try {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      });
      expect(await response.json()).toMatchObject({ id: 1, result: { capabilities: { tools: {} } } });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
