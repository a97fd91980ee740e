/**
 * Sharding a client config across CI jobs and merging the JSON reports: the merge of every shard
 * equals the unsharded run (cross-server collisions included), and each server lands in exactly
 * one shard.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { ruleSettings } from '../src/config/config.js';
import { json } from '../src/report/formatters/json.js';
import { lint } from '../src/session/lint.js';
import { mergeReports } from '../src/commands/merge.js';
import { shardOf } from '../src/session/targets.js';
import type { LintReport } from '../src/report/report.js';
import { fixturePath } from './helpers/capture.js';

const context = { rules, color: false };
const settings = ruleSettings(rules, 'recommended', {});
/** Durations differ from run to run; everything else must not. */
const stable = (text: string): unknown => JSON.parse(text.replace(/"durationMs": \d+/g, '"durationMs": 0'));

let configFile: string;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-shard-'));
  const server = (path: string) => ({ command: process.execPath, args: [fixturePath(path)] });
  configFile = join(dir, '.mcp.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      mcpServers: {
        bookstore: server('clean-server.mjs'),
        'bookstore-next': server('modern/server.mjs'),
        notes: server('exemplary-server/server.mjs'),
        'legacy-notes': server('exemplary-server/server.mjs'),
      },
    }),
  );
});

const run = (shard?: { index: number; count: number }): Promise<LintReport> =>
  lint({
    cwd: process.cwd(),
    rules,
    noConfig: true,
    noSource: true,
    clientConfigFile: configFile,
    jobs: 2,
    ...(shard ? { shard } : {}),
  }).then((o) => o.report);

describe('--shard i/n and mcplint merge', { timeout: 120_000 }, () => {
  it('merging three shards gives the unsharded report, collisions included', async () => {
    const whole = await run();
    const shards = await Promise.all([1, 2, 3].map((index) => run({ index, count: 3 })));
    expect(shards.map((s) => s.servers.length).reduce((a, b) => a + b, 0)).toBe(4);
    // A shard cannot see every server: its cross-server rules wait for the merge, and say so.
    for (const shard of shards) {
      for (const server of shard.servers) {
        expect(server.findings.some((f) => f.ruleId === 'tool-name-collision')).toBe(false);
        expect(server.skipped.find((k) => k.ruleId === 'tool-name-collision')?.reason).toMatch(/mcplint merge/);
      }
    }
    const merged = mergeReports(
      shards.map((s, i) => [`shard-${i + 1}.json`, json(s, context)] as const),
      { rules, settings },
    );
    const collisions = whole.servers.flatMap((s) => s.findings.filter((f) => f.ruleId === 'tool-name-collision'));
    expect(collisions.length).toBeGreaterThan(0);
    expect(stable(json(merged, context))).toEqual(stable(json(whole, context)));
  });

  it('puts each server in exactly one shard, balanced, whatever the input order', () => {
    const names = ['e', 'b', 'a', 'd', 'c', 'f', 'g'].map((name) => ({ name }));
    const shards = [1, 2, 3].map((index) => shardOf(names, { index, count: 3 }).map((s) => s.name));
    expect(shards.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(shards.map((s) => s.length).sort()).toEqual([2, 2, 3]);
    expect(
      shardOf([...names].reverse(), { index: 2, count: 3 })
        .map((s) => s.name)
        .sort(),
    ).toEqual([...shards[1]!].sort());
  });

  it('refuses what is not an mcplint JSON report, in one line', () => {
    expect(() => mergeReports([['x.json', '{"nope": 1}']], { rules, settings })).toThrow(/x\.json is not an mcplint JSON report/);
    expect(() => mergeReports([['y.json', '{']], { rules, settings })).toThrow(/y\.json is not JSON/);
    expect(() => mergeReports([], { rules, settings })).toThrow(/at least one/);
  });
});
