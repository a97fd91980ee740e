/**
 * --from with a bare tools/list result (README "A bare tools/list result"), through the bin: `{"tools": [...]}`
 * (with prompts, resources and an initialize result or without), a JSON-RPC response carrying one,
 * and the server-building guide's assets/tools.json (`{"<server>": [tools]}`). Only the rules that
 * need nothing but the listed data run; every other rule is listed as skipped, with its reason.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPrompts, cleanTools } from '../fixtures/lib/raw-server.mjs';
import { rules } from '../rules/index.js';
import type { Requirement } from '../src/engine/rule.js';
import { liveOnly, NEEDS_LIVE_SESSION } from '../src/engine/run.js';
import { runCli } from './helpers/cli.js';

interface JsonServer {
  label: string;
  findings: { ruleId: string; level: string; message: string }[];
  skipped: { ruleId: string; reason: string }[];
  ran: string[];
}

const dir = mkdtempSync(join(tmpdir(), 'mcplint-listing-'));
function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}
async function lintJson(path: string, ...args: string[]): Promise<{ code: number | null; servers: JsonServer[] }> {
  const r = await runCli(['--from', path, '--format', 'json', '--no-source', ...args]);
  expect(r.stderr).toBe('');
  return { code: r.code, servers: (JSON.parse(r.stdout) as { servers: JsonServer[] }).servers };
}

/** Rules that need no more than listed data (and, with `initialize`, the initialize result). */
const live = (needs: readonly Requirement[]) => needs.some(liveOnly);
const listedOnly = rules.filter((r) => !live(r.requires ?? []));

const initialize = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {}, prompts: {} },
  serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0' },
};

describe.concurrent('--from a bare tools/list result', () => {
  it('a clean listing with its initialize result: no findings, exit 0; live-session rules skipped with the reason', async () => {
    const { code, servers } = await lintJson(file('clean.json', { tools: cleanTools(), prompts: cleanPrompts(), initialize }));
    expect(servers).toHaveLength(1);
    const [server] = servers;
    expect(server!.findings).toEqual([]);
    expect(code).toBe(0);
    // Every rule that needs a live session is skipped, saying so; none of them ran.
    for (const rule of rules.filter((r) => r.severity !== 'off' && live(r.requires ?? [])))
      expect(server!.skipped).toContainEqual(expect.objectContaining({ ruleId: rule.id, reason: NEEDS_LIVE_SESSION }));
    expect(server!.ran.every((id) => listedOnly.some((r) => r.id === id))).toBe(true);
    // With the initialize result, the rules that judge it run.
    expect(server!.ran).toEqual(expect.arrayContaining(['initialize-result-schema', 'server-name-convention', 'list-entries-valid']));
    expect(server!.label).toBe('bookstore-mcp-server 1.0.0');
  });

  it('a defect in the listed data is found (exit 1); without initialize the rules needing it say so', async () => {
    const tools = cleanTools().map((t, i) => (i === 0 ? { ...t, inputSchema: { type: 'objekt' } } : t));
    const { code, servers } = await lintJson(file('bad.json', { tools }));
    const [server] = servers;
    expect(server!.findings.map((f) => f.ruleId)).toContain('input-schema-valid');
    expect(server!.findings.every((f) => listedOnly.some((r) => r.id === f.ruleId))).toBe(true);
    expect(code).toBe(1);
    expect(server!.skipped).toContainEqual(
      expect.objectContaining({ ruleId: 'initialize-result-schema', reason: expect.stringMatching(/needs the initialize result/) }),
    );
    expect(server!.skipped).toContainEqual(expect.objectContaining({ ruleId: 'stdout-pollution', reason: NEEDS_LIVE_SESSION }));
  });

  it('a JSON-RPC response carrying the result is read as the result', async () => {
    const { servers } = await lintJson(file('response.json', { jsonrpc: '2.0', id: 1, result: { tools: cleanTools() } }));
    expect(servers).toHaveLength(1);
    expect(servers[0]!.ran).toContain('tool-name-format');
  });

  it("the guide's assets/tools.json: one server per key, judged with the others (name collisions)", async () => {
    // The guide's own example (Tool Discovery, "Output saved to assets/tools.json"), and a second server.
    const guide = {
      memory: [
        {
          name: 'create_entities',
          description: 'Create new entities in the knowledge graph',
          inputSchema: { type: 'object', properties: { entities: { type: 'array', items: { type: 'object' } } } },
        },
      ],
      graph: [{ name: 'create_entities', description: 'Create nodes in the graph store.', inputSchema: { type: 'object' } }],
    };
    const path = file('tools.json', guide);
    const { code, servers } = await lintJson(path);
    expect(servers.map((s) => s.label)).toEqual(['memory', 'graph']);
    expect(servers[0]!.findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['tool-name-collision', 'input-schema-bounded']));
    // The two servers share a file, not a client config: the message says so.
    const collision = servers[0]!.findings.find((f) => f.ruleId === 'tool-name-collision');
    expect(collision?.message).toMatch(/server "graph" listed beside it in .*tools\.json;/);
    expect(collision?.message).not.toContain('client config');
    expect(code).toBe(0); // warnings only

    const text = await runCli(['--from', path, '--no-source']);
    expect(text.stdout).toMatch(/memory \(bare tools\/list result, no live session/);
    expect(text.stdout).toMatch(/not checked: \d+ rules/);
    // The rules skipped for the same reason are one line; --no-fold names each.
    const folded = text.stdout.split('\n').filter((line) => line.includes(NEEDS_LIVE_SESSION));
    expect(folded).toHaveLength(2); // one per server
    expect(folded[0]).toMatch(/^ {4}\d+ rules \([a-z-]+, [a-z-]+, [a-z-]+…\): .* \(--no-fold lists them\)$/);
    const verbose = await runCli(['--from', path, '--no-source', '--no-fold']);
    expect(verbose.stdout).toContain(`stdout-pollution: ${NEEDS_LIVE_SESSION}`);
    const count = Number(/^ {4}(\d+) rules/.exec(folded[0]!)![1]);
    expect(verbose.stdout.split('\n').filter((line) => line.includes(NEEDS_LIVE_SESSION)).length).toBe(2 * count);
  });

  const bad: [string, string, RegExp][] = [
    ['tools is not an array', '{"tools": 3}', /"tools" must be an array/],
    ['initialize is not an initialize result', JSON.stringify({ tools: [], initialize: { hello: 1 } }), /"initialize" must be/],
    ['prompts is not an array', JSON.stringify({ tools: [], prompts: {} }), /"prompts" must be an array/],
    ['neither a capture nor a listing', '{"memory": 1}', /not an mcplint capture .*nor a tools\/list result/],
    ['an empty object', '{}', /not an mcplint capture/],
  ];
  for (const [name, text, message] of bad) {
    it(`a bad shape is one line, exit 2: ${name}`, async () => {
      const r = await runCli(['--from', file(`${name.replace(/\W+/g, '-')}.json`, text)]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^mcplint: /);
      expect(r.stderr).toMatch(message);
    });
  }

  it('MCPLINT_TIMING=3 prints the three slowest rules and the total on stderr, and changes nothing else', async () => {
    const path = file('timed.json', { tools: [{ name: 'get_note', description: 'Get a note.', inputSchema: { type: 'object' } }] });
    const args = ['--from', path, '--format', 'json', '--no-source'];
    const [plain, timed] = [await runCli(args), await runCli(args, { env: { MCPLINT_TIMING: '3' } })];
    expect(plain.stderr).toBe('');
    const lines = timed.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Rule +\| Time \(ms\) \| Relative$/);
    expect(lines).toHaveLength(5);
    const ran = new Set((JSON.parse(timed.stdout) as { servers: JsonServer[] }).servers[0]!.ran);
    for (const row of lines.slice(1, 4)) expect(ran.has(row.split(' ')[0]!), row).toBe(true);
    expect(lines[4]).toMatch(/^all rules +\| +\d+\.\d \|$/);
    expect(JSON.parse(timed.stdout)).toEqual(JSON.parse(plain.stdout));
  });
});
