/**
 * Credentials go only to the origin the user named: a redirect to another origin is not followed
 * (the other server never sees a request, let alone the Authorization header) and is reported;
 * --allow-origin lets that origin through.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { startHttpFixture, type RunningServer } from './helpers/targets.js';

const log = join(mkdtempSync(join(tmpdir(), 'mcplint-origins-')), 'requests.log');
const TOKEN = 'Bearer tok-origin-Zt9Lw4Rx8Np37Qm2';
let server: RunningServer;

beforeAll(async () => {
  writeFileSync(log, '');
  server = await startHttpFixture('rules/http-cross-origin/bad.mjs', { env: { MCPLINT_FIXTURE_LOG: log } });
});
afterAll(() => server.stop());

describe('origins', { timeout: 60_000 }, () => {
  it('does not follow a redirect to another origin, sends it nothing, and reports it', async () => {
    const r = await runCli(['--url', server.url, '--header', `Authorization: ${TOKEN}`, '--no-probes', '--format', 'json']);
    const report = JSON.parse(r.stdout) as { servers: { findings: { ruleId: string; message: string }[]; notes: string[] }[] };
    const finding = report.servers[0]!.findings.find((f) => f.ruleId === 'http-cross-origin');
    expect(finding?.message).toMatch(/redirected POST tools\/list to another origin, http:\/\/127\.0\.0\.1:\d+/);
    expect(report.servers[0]!.notes.join('\n')).toContain('mcplint did not follow it, so your headers did not go there');
    expect(readFileSync(log, 'utf8')).not.toContain('ELSEWHERE');
    expect(r.stdout).not.toContain('tok-origin');
  });

  it('follows it with --allow-origin for that origin', async () => {
    const first = await runCli(['--url', server.url, '--no-probes', '--format', 'json']);
    const origin = /another origin, (http:\/\/127\.0\.0\.1:\d+)/.exec(first.stdout)?.[1];
    expect(origin).toBeDefined();
    writeFileSync(log, '');
    const r = await runCli([
      '--url',
      server.url,
      '--header',
      `Authorization: ${TOKEN}`,
      '--allow-origin',
      origin!,
      '--no-probes',
      '--format',
      'json',
    ]);
    expect(r.stdout).not.toContain('"ruleId": "http-cross-origin"');
    expect(readFileSync(log, 'utf8')).toContain('ELSEWHERE POST authorization=sent');
  });

  it('refuses an --allow-origin that is not an origin, in one line', async () => {
    const r = await runCli(['--url', server.url, '--allow-origin', 'https://example.com/path']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--allow-origin https://example.com/path: expected an origin');
  });
});
