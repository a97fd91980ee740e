/**
 * `mcplint plan` and `--dry-run` (text and JSON) are redacted like reports: a server that puts a
 * value it was handed in a tool name, a prompt name, a resource URI (URL-encoded) or an SSE event
 * id does not get it printed, in any spelling, when the plan quotes those.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { startHttpFixture } from './helpers/targets.js';

const random = () => Math.random().toString(36).slice(2, 10);
const json = (text: string) => JSON.stringify(text).slice(1, -1);

/** The spellings of `key` a plan could print: as it is, JSON-escaped once and twice, URL-encoded, and its random core. */
const spellingsOf = (key: string, core: string): Record<string, string> => ({
  verbatim: key,
  jsonOnce: json(key),
  jsonTwice: json(json(key)),
  url: encodeURIComponent(key),
  core,
});

describe('a plan never prints a secret the server echoes', { timeout: 120_000 }, () => {
  it('in tool and prompt names and resource URIs: plan and --dry-run, text and JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-plan-secret-'));
    const core = random();
    // `"`, `\` and a non-ASCII character: the plan's JSON (and the text's JSON arguments) escape them.
    const key = `bk"live\\${core}/é<x>`;
    writeFileSync(
      join(dir, 'mcplint.config.json'),
      JSON.stringify({
        target: { command: process.execPath, args: [fixturePath('hostile/echo-in-names.mjs')], env: { BOOKSTORE_API_KEY: key } },
      }),
    );
    const runs = {
      plan: ['plan'],
      'plan --format json': ['plan', '--format', 'json'],
      '--dry-run': ['--dry-run'],
      '--dry-run --format json': ['--dry-run', '--format', 'json'],
    };
    const results = await Promise.all(Object.values(runs).map((args) => runCli(args, { cwd: dir, timeoutMs: 90_000 })));
    const [text, planJson, dry, dryJson] = results.map((r) => r.stdout) as [string, string, string, string];
    // The plan did quote the echoing names (so the test tests something).
    expect(text).toContain('prompts/get {"name":"bookstore_[redacted]"');
    expect(text).toContain('resources/read {"uri":"bookstore://settings/[redacted]"}');
    expect(text).toMatch(/^ {2}bookstore_get_\[redacted\]: never called/m);
    const plan = JSON.parse(planJson) as { calls: { params?: { name?: string; uri?: string } }[]; skippedTools: { tool: string }[] };
    expect(plan.calls.map((c) => c.params?.name ?? c.params?.uri)).toEqual(
      expect.arrayContaining(['bookstore_[redacted]', 'bookstore://settings/[redacted]']),
    );
    expect(plan.skippedTools.map((t) => t.tool)).toContain('bookstore_get_[redacted]');
    expect(dry).toBe(text);
    expect(dryJson).toBe(planJson);
    Object.keys(runs).forEach((run, i) => {
      const { stdout, stderr } = results[i]!;
      for (const [how, spelling] of Object.entries(spellingsOf(key, core))) {
        expect(stdout.includes(spelling), `${how} in ${run}`).toBe(false);
        expect(stderr.includes(spelling), `${how} in the stderr of ${run}`).toBe(false);
      }
    });
  });

  it('in an SSE event id the resume probe would send as Last-Event-ID (--header)', async () => {
    const server = await startHttpFixture('http/echo-header-event-ids.mjs');
    try {
      const core = random();
      const token = `tok_${core}${random()}`;
      const header = ['--header', `Authorization: Bearer ${token}`];
      const [text, planJson] = await Promise.all([
        runCli(['plan', '--url', server.url, ...header], { timeoutMs: 90_000 }),
        runCli(['plan', '--url', server.url, ...header, '--format', 'json'], { timeoutMs: 90_000 }),
      ]);
      expect(text.stdout).toMatch(/GET \[last-event-id: s\d+\.\[redacted\]\.0\]/);
      const plan = JSON.parse(planJson.stdout) as { calls: { probe: string; http?: { headers?: Record<string, string> } }[] };
      const resume = plan.calls.find((c) => c.probe === 'http-resume');
      expect(resume?.http?.headers?.['last-event-id']).toMatch(/^s\d+\.\[redacted\]\.0$/);
      for (const out of [text.stdout, planJson.stdout]) expect(out.includes(core)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
