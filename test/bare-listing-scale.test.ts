/**
 * A guide-style tools.json of thousands of servers is judged in time linear in its servers and
 * tools: every server's names are read once for the whole run, not once per other server (10,000
 * servers took 107 s), and the findings stay what they were.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import toolNameCollision from '../rules/tool-name-collision.js';
import { indexCapture, type CaptureIndex } from '../src/engine/capture-index.js';
import type { PeerServer } from '../src/engine/rule.js';
import { listingCaptures } from '../src/session/bare-listing.js';
import { runCli } from './helpers/cli.js';

const tool = (name: string) => ({ name, description: `Get ${name}.`, inputSchema: { type: 'object' } });
/** `servers` servers of three tools each; servers 0 and 1 share one name, so exactly those two collide. */
const toolsJson = (servers: number) =>
  Object.fromEntries(
    Array.from({ length: servers }, (_, i) => [
      `server_${i}`,
      [tool(i < 2 ? 'shared_get_item' : `s${i}_get_item`), tool(`s${i}_list_items`), tool(`s${i}_search_items`)],
    ]),
  );

describe('a tools.json of many servers', () => {
  it("reads each server's tool names once for the whole run, however many peers read them", () => {
    const SERVERS = 300;
    const captures = listingCaptures(toolsJson(SERVERS), 'tools.json')!;
    let reads = 0;
    // Each index counts how often its tools are read (the rule goes through index.tools for a server's names).
    const indexes = captures.map((capture): CaptureIndex => {
      const real = indexCapture(capture);
      return new Proxy(real, { get: (target, key) => (key === 'tools' && reads++, Reflect.get(target, key)) });
    });
    const servers: PeerServer[] = captures.map((capture, i) => ({ name: `server_${i}`, capture, index: indexes[i]! }));
    const found: string[] = [];
    servers.forEach((own, i) => {
      const peers = servers.filter((_, j) => j !== i);
      for (const report of toolNameCollision.check({ capture: own.capture, index: own.index, options: {}, peers }))
        found.push(`${own.name} ${report.key} ${(report.subject as { name: string }).name}`);
    });
    expect(found).toEqual(['server_0 server_1 shared_get_item', 'server_1 server_0 shared_get_item']);
    // Once per server (it was once per server and peer: 300 × 299).
    expect(reads).toBe(SERVERS);
  });

  it('--from a tools.json of 2,000 servers judges every server, with the collision found', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-many-servers-'));
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(toolsJson(2000)));
    const r = await runCli(['--from', 'tools.json', '--format', 'json'], { cwd: dir, timeoutMs: 110_000 });
    expect(r.stderr).not.toContain('internal error');
    const report = JSON.parse(r.stdout) as { servers: { label: string; findings: { ruleId: string }[] }[] };
    expect(report.servers).toHaveLength(2000);
    const collisions = report.servers.map((s) => s.findings.filter((f) => f.ruleId === 'tool-name-collision').length);
    expect(collisions.slice(0, 2)).toEqual([1, 1]);
    expect(collisions.slice(2).every((n) => n === 0)).toBe(true);
  });
});
