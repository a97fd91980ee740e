import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  blocking:
    'Tool "{{name}}" is an async function but makes a blocking network call with {{call}} at {{file}}:{{line}}; it holds the event loop for the whole round trip, so every other request waits — use an async client (httpx.AsyncClient, aiohttp) or run it in a thread (asyncio.to_thread).',
};

export default defineRule({
  id: 'source-sync-network-call',
  category: 'source',
  basis: 'guideline',
  severity: 'note',
  checklist: ['async-io'],
  precision: 'medium',
  summary:
    'Async Python tools do their network I/O with async clients (httpx.AsyncClient, aiohttp), not requests or urllib, which block the event loop.',
  references: [
    { title: 'Server-building guide — Python Implementation (FastMCP), Quality Checklist: "Async/await used for all I/O operations"' },
  ],
  messages,
  requires: ['source', 'python'],
  *check({ source }): Generator<Report<keyof typeof messages>> {
    if (!source?.syncNetworkCalls) return;
    const reported = new Set<string>();
    for (const call of source.syncNetworkCalls) {
      // One finding per tool, at its first blocking call; code no single tool owns is not judged.
      if (call.tool === '' || reported.has(call.tool)) continue;
      reported.add(call.tool);
      yield {
        messageId: 'blocking',
        data: { name: call.tool, call: call.call, file: call.file, line: call.line },
        subject: { kind: 'tool', name: call.tool },
        evidence: call.text,
        at: call,
      };
    }
  },
});
