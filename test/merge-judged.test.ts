/**
 * `mcplint merge` judges with the lint's own code: every server's counts and score come from its
 * findings (never from what a report states), the cross-server rules a shard left waiting are
 * judged over what the reports keep of each server, and what a report says of a server (its
 * handshake, a rule it skipped for its own reasons) stays as it says.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { ruleSettings } from '../src/config/config.js';
import { mergeReports } from '../src/commands/merge.js';
import { json } from '../src/report/formatters/json.js';
import { SHARDED_PEERS } from '../src/session/judge.js';
import { lint } from '../src/session/lint.js';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { runCli } from './helpers/cli.js';

const settings = ruleSettings(rules, 'recommended', {});
const context = { rules, color: false };

/** A JSON report of a bare listing with an invalid input schema: one server, error findings. */
async function reportWithErrors(dir: string): Promise<Record<string, any>> {
  const listing = join(dir, 'tools.json');
  const tools = cleanTools().map((t, i) => (i === 0 ? { ...t, inputSchema: { type: 'objekt' } } : t));
  writeFileSync(listing, JSON.stringify({ tools }));
  const { report } = await lint({ cwd: dir, rules, noConfig: true, noSource: true, from: listing });
  return JSON.parse(json(report, context)) as Record<string, any>;
}

/** What a merged report says of its servers' counts and scores, as JSON. */
const verdicts = (report: Record<string, any>) =>
  (report.servers as Record<string, any>[]).map((s) => ({ counts: s.counts, score: s.score, grade: s.grade, cappedBy: s.scoreCappedBy }));

describe('mcplint merge recomputes what follows from the findings', () => {
  it('a shard whose counts and score were tampered with is reported with the real ones, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-merge-judged-'));
    const honest = await reportWithErrors(dir);
    const [server] = honest.servers as Record<string, any>[];
    expect(server!.counts.error).toBeGreaterThan(0);
    expect(server!.score).toBeLessThan(100);
    const tampered = {
      ...honest,
      summary: { ...honest.summary, error: 0, warning: 0, note: 0 },
      servers: [{ ...server, counts: { error: 0, warning: 0, note: 0 }, score: 100, grade: 'A', scoreCappedBy: undefined }],
    };
    const merged = JSON.parse(json(mergeReports([['tampered.json', JSON.stringify(tampered)]], { rules, settings }), context));
    expect(verdicts(merged)).toEqual(verdicts(honest));

    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(tampered));
    const cli = await runCli(['merge', file, '--format', 'json']);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(1);
    expect(verdicts(JSON.parse(cli.stdout))).toEqual(verdicts(honest));
  }, 60_000);

  it('refuses a finding whose level is none of error, warning, note (it could not be counted)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-merge-judged-'));
    const honest = await reportWithErrors(dir);
    const [server] = honest.servers as Record<string, any>[];
    const odd = { ...honest, servers: [{ ...server, findings: [{ ...server!.findings[0], level: 'fatal' }] }] };
    expect(() => mergeReports([['odd.json', JSON.stringify(odd)]], { rules, settings })).toThrow(
      'merge odd.json: servers[0].findings[0].level: must be one of error, warning, note',
    );
  }, 60_000);
});

/** A shard's JSON server of a client config, as src/report/formatters/json.ts writes it, with the given tools and skipped rules. */
function shardServer(name: string, position: number, tools: readonly string[], skipped: readonly { ruleId: string; reason: string }[]) {
  const location = { uri: '.mcp.json', startLine: position + 2, anchor: 'config' };
  return {
    label: name,
    position,
    target: {
      kind: 'stdio',
      command: 'node',
      args: [`${name}.mjs`],
      envNames: [],
      declaredIn: { file: '/x/.mcp.json', line: position + 2, serverName: name },
    },
    transport: 'stdio',
    handshake: { ok: true, protocolVersion: '2025-11-25', serverName: name },
    stats: { tools: tools.length, prompts: 0, resources: 0, resourceTemplates: 0, durationMs: 1 },
    score: 100,
    grade: 'A',
    counts: { error: 0, warning: 0, note: 0 },
    findings: [],
    ignored: [],
    baselined: [],
    tools: tools.map((t) => ({ name: t, parameters: 0 })),
    skipped: skipped.map((s) => ({ ...s, applicable: true })),
    ran: ['tool-name-verb'],
    exposedTools: tools.map((t) => ({ name: t, location })),
    notes: [],
  };
}

const shardReport = (...servers: readonly object[]) =>
  JSON.stringify({ formatVersion: 1, tool: { name: 'mcplint', version: '0.1.0' }, servers });

describe('mcplint merge judges what the shards left waiting, and only that', () => {
  const waiting = { ruleId: 'tool-name-collision', reason: SHARDED_PEERS };

  it('a collision between servers of two shards is found and counted; the servers stay as their reports say', () => {
    const merged = mergeReports(
      [
        ['shard-1.json', shardReport(shardServer('web', 0, ['search', 'web_fetch'], [waiting]))],
        ['shard-2.json', shardReport(shardServer('docs', 1, ['search', 'docs_get'], [waiting]))],
      ],
      { rules, settings },
    );
    const [web, docs] = merged.servers;
    for (const s of [web!, docs!]) {
      expect(s.findings.map((f) => `${f.ruleId} ${f.subject.kind === 'tool' ? f.subject.name : ''}`)).toEqual([
        'tool-name-collision search',
      ]);
      expect(s.counts).toEqual({ error: 0, warning: 1, note: 0 });
      // A collision judges the servers' place among each other, not each server: counted, not scored (src/score/rule-scope.ts).
      expect(s.score.score).toBe(100);
      expect(s.ran).toEqual(['tool-name-collision', 'tool-name-verb']);
      expect(s.skipped).toEqual([]);
      expect(s.handshake).toEqual({ ok: true, protocolVersion: '2025-11-25', serverName: s.label });
    }
    expect(web!.findings[0]!.evidence).toBe('"web" and "docs" both expose search');
    expect(web!.findings[0]!.location).toEqual({ uri: '.mcp.json', startLine: 2, anchor: 'config' });
  });

  it('a server whose own shard skipped the rule for its own reason keeps that skip; a failed handshake stays failed', () => {
    const failed = {
      ...shardServer('broken', 1, [], [{ ruleId: 'tool-name-collision', reason: 'tools were not listed (the handshake failed)' }]),
      handshake: { ok: false, message: 'the server exited before answering initialize' },
    };
    const merged = mergeReports(
      [
        ['shard-1.json', shardReport(shardServer('web', 0, ['search'], [waiting]))],
        ['shard-2.json', shardReport(failed, shardServer('docs', 2, ['search'], [waiting]))],
      ],
      { rules, settings },
    );
    const [, broken] = merged.servers;
    expect(broken!.handshake).toEqual({ ok: false, message: 'the server exited before answering initialize' });
    expect(broken!.skipped).toEqual([
      { ruleId: 'tool-name-collision', reason: 'tools were not listed (the handshake failed)', applicable: true },
    ]);
    expect(broken!.ran).toEqual(['tool-name-verb']);
    expect(merged.servers.map((s) => s.findings.length)).toEqual([1, 0, 1]);
  });

  it('a merge of one such server only leaves the rule waiting, as its shard said', () => {
    const merged = mergeReports([['shard-1.json', shardReport(shardServer('web', 0, ['search'], [waiting]))]], { rules, settings });
    expect(merged.servers[0]!.skipped).toEqual([{ ...waiting, applicable: true }]);
    expect(merged.servers[0]!.ran).toEqual(['tool-name-verb']);
  });
});
