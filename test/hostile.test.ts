/**
 * Hostile servers over real stdio (fixtures/hostile/): each one must end in a finding with
 * evidence, within its time budget, without crashing mcplint (every formatter runs on the result),
 * with bounded memory (caps recorded in the capture), and with no process of it left behind — the
 * OS process list is checked for a marker every fixture process carries on its command line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../src/model/capture.js';
import type { CaptureOptions } from '../src/connect/capture-session.js';
import { FRAME_MESSAGE_CAP, MAX_FRAMES, RECORDED_BYTES_CAP } from '../src/connect/connection.js';
import { DEFAULT_STDIO_LIMITS } from '../src/connect/stdio.js';
import type { Rule } from '../src/engine/rule.js';
import { runRules, type Finding, type RunResult } from '../src/engine/run.js';
import { formatters } from '../src/report/formatters/index.js';
import { probeHook, resolveProbeConfig } from '../src/probes/index.js';
import { probeCalls } from '../src/model/probe-records.js';
import { buildServerReport } from '../src/report/report.js';
import { findAnchors } from '../src/locate/anchors.js';
import { rules as registry } from '../rules/index.js';
import { captureFixture, fixturePath, ROOT } from './helpers/capture.js';
import { CLI } from './helpers/cli.js';

/** Every rule module in rules/, registered or not yet (the registry is merged by hand). */
async function everyRule(): Promise<Rule[]> {
  const known = new Set(registry.map((r) => r.id));
  const extra: Rule[] = [];
  for (const file of readdirSync(join(ROOT, 'rules')).sort()) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const rule = ((await import(pathToFileURL(join(ROOT, 'rules', file)).href)) as { default?: Rule }).default;
    if (rule && !known.has(rule.id)) {
      known.add(rule.id);
      extra.push(rule);
    }
  }
  return [...registry, ...extra];
}
const allRules = everyRule();
/** Formatters read each rule's doc: only rules that have one are formatted (all of them, once merged). */
const documentedRules = allRules.then((rules) => rules.filter((r) => existsSync(join(ROOT, 'rules', `${r.id}.md`))));

const RUN = `mcplint-hostile-${process.pid}-${Date.now().toString(36)}`;
const markerOf = (name: string) => `--test-marker=${RUN}-${name}`;

/** Lines of the OS process list that carry the marker. */
function processesWith(marker: string): string[] {
  const list = execFileSync('ps', ['-eo', 'pid,ppid,pgid,args'], { encoding: 'utf8' });
  return list.split('\n').filter((line) => line.includes(marker));
}

async function expectNoProcessLeft(marker: string): Promise<void> {
  // Killed processes can take a moment to disappear from the table.
  for (let i = 0; i < 20 && processesWith(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(processesWith(marker)).toEqual([]);
}

interface Survived {
  capture: Capture;
  result: RunResult;
  ms: number;
  find(ruleId: string, messageId?: string): Finding;
}

/** Capture a hostile fixture, lint it with every rule, render every format, and check nothing is left running. */
async function survive(
  name: string,
  fixture: string,
  budgetMs: number,
  options: Partial<CaptureOptions> & { env?: Record<string, string> } = {},
): Promise<Survived> {
  const marker = markerOf(name);
  const started = performance.now();
  // Tool probes only where a case needs them (they would multiply a flood): `probes` given, or none.
  const capture = await captureFixture(fixture, { args: [marker], ...(options.probes ? {} : { probeConfig: false as const }), ...options });
  const ms = performance.now() - started;
  expect(ms).toBeLessThan(budgetMs);
  const result = runRules(capture, { rules: await allRules, settings: new Map() });
  // No formatter may choke on what a hostile server produced.
  const documented = await documentedRules;
  const shown = runRules(capture, { rules: documented, settings: new Map() });
  const report = {
    tool: { name: 'mcplint' as const, version: 'test' },
    servers: [buildServerReport(capture, shown, findAnchors(capture.target, { cwd: ROOT }), documented)],
  };
  for (const format of ['text', 'json', 'sarif', 'markdown', 'checklist', 'html'] as const) {
    const output = (await formatters[format]())(report, { rules: documented, color: false });
    expect(output.length).toBeGreaterThan(0);
  }
  await expectNoProcessLeft(marker);
  return {
    capture,
    result,
    ms,
    find(ruleId, messageId) {
      const finding = result.findings.find((f) => f.ruleId === ruleId && (messageId === undefined || f.messageId === messageId));
      expect(
        finding,
        `${ruleId}${messageId ? ` ${messageId}` : ''} in ${result.findings.map((f) => `${f.ruleId} ${f.messageId}`).join(', ')}`,
      ).toBeDefined();
      expect(finding!.evidence ?? '').not.toBe('');
      return finding!;
    },
  };
}

const noise = (capture: Capture) => capture.frames.filter((f): f is Extract<Frame, { kind: 'noise' }> => f.kind === 'noise');
const listsOk = (capture: Capture) => Object.values(capture.lists).every((l) => l.status === 'ok');
/** Timeouts for servers that do answer: generous, since the machine may be busy. Hangs get short ones. */
const NORMAL = { timeoutMs: 5000, startupTimeoutMs: 10_000, exitGraceMs: 300 } as const;
const probesWith = (timeoutMs: number) => probeHook(resolveProbeConfig(undefined, {}, { timeoutMs, startupTimeoutMs: 10_000 }));

describe.concurrent('hostile servers', () => {
  it('a coloured banner on stdout before initialize', async () => {
    const { capture, result, find } = await survive('banner', 'hostile/banner.mjs', 5000, NORMAL);
    expect(noise(capture).map((n) => n.phase)).toEqual([
      'before-initialize',
      'before-initialize',
      'before-initialize',
      'before-initialize',
    ]);
    find('stdout-pollution', 'notJson');
    expect(result.findings.some((f) => f.ruleId === 'stdout-pollution' && f.evidence?.includes('BOOKSTORE MCP SERVER'))).toBe(true);
    expect(listsOk(capture)).toBe(true);
  });

  it('invalid UTF-8 and NUL bytes before the initialize response', async () => {
    const { capture, result, find } = await survive('binary', 'hostile/binary-garbage.mjs', 5000, NORMAL);
    expect(noise(capture).map((n) => [n.noise, n.phase])).toEqual([
      ['invalid-utf8', 'before-initialize'],
      ['not-json', 'before-initialize'],
    ]);
    expect(find('stdout-pollution', 'invalidUtf8').message).toContain('at byte 0, before the initialize response');
    expect(result.findings.find((f) => f.messageId === 'notJson')!.evidence).toBe('\\u0000\\u0000\\u0000\\u0000');
    expect(capture.handshake.ok && listsOk(capture)).toBe(true);
  });

  it('never answers initialize: a timeout, then signals', async () => {
    const { capture, find, ms } = await survive('silent', 'protocol/never-answers.mjs', 10_000, {
      ...NORMAL,
      startupTimeoutMs: 1000,
      exitGraceMs: 1000,
    });
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(find('handshake', 'timeout').evidence).toContain('waiting for the license server');
    // It ignores stdin closing, so it had to be signalled.
    expect(capture.exit?.how).toBe('sigterm');
  });

  it('answers initialize, then hangs on tools/list', async () => {
    const { capture, find } = await survive('hang-list', 'hostile/hang-list.mjs', 10_000, { ...NORMAL, timeoutMs: 1000 });
    expect(capture.lists.tools).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
    expect(capture.lists.prompts.status).toBe('ok');
    const finding = find('advertised-lists-work', 'timeout');
    expect(finding.message).toContain('tools/list got no answer within the timeout');
    expect(finding.evidence).toContain('waiting for the catalogue lock');
  });

  it('hangs inside a tool call (tool probes)', async () => {
    const { find } = await survive('hang-call', 'hostile/hang-call.mjs', 30_000, { ...NORMAL, probes: probesWith(1000) });
    const finding = find('tool-call-responds', 'noAnswer');
    expect(finding.subject).toEqual({ kind: 'tool', name: 'bookstore_search_books' });
    expect(finding.message).toContain('got no answer within');
  });

  it('crashes in the middle of a tool call (tool probes)', async () => {
    const { capture, find } = await survive('crash-call', 'hostile/crash-call.mjs', 30_000, { ...NORMAL, probes: probesWith(5000) });
    const finding = find('tool-call-responds', 'noAnswer');
    expect(finding.message).toContain('made the server exit with exit code 1');
    expect(capture.notes.some((n) => n.includes('the server exited during step'))).toBe(true);
  });

  it('exits before initialize with a stack trace on stderr', async () => {
    const { capture, find } = await survive('exit-early', 'hostile/exit-early.mjs', 5000, NORMAL);
    expect(capture.exit).toMatchObject({ how: 'exited-early', code: 1 });
    const finding = find('handshake', 'exited');
    expect(finding.message).toContain('exit code 1');
    expect(finding.evidence).toContain("Error: Cannot find module 'better-sqlite3'");
  });

  it('ignores stdin EOF and SIGTERM: SIGKILLed, and reported', async () => {
    const { capture, find } = await survive('unkillable', 'hostile/unkillable.mjs', 5000, NORMAL);
    expect(capture.exit?.how).toBe('sigkill');
    const finding = find('slow-shutdown', 'sigkill');
    expect(finding.message).toContain('nor within 300 ms of SIGTERM, so mcplint had to SIGKILL it');
    expect(finding.evidence).toContain('[bookstore] SIGTERM ignored');
  });

  it('spawns grandchildren that keep running, one of them detached: all reaped', async () => {
    const marker = markerOf('grandchildren');
    const { capture, find } = await survive('grandchildren', 'hostile/grandchildren.mjs', 8000, { ...NORMAL, exitGraceMs: 2000 });
    expect(capture.exit?.how).toBe('stdin-closed');
    expect(capture.exit?.leftBehind?.map((p) => p.command.replace(/^.*(bookstore-\w+).*$/, '$1')).sort()).toEqual([
      'bookstore-cache',
      'bookstore-indexer',
    ]);
    const finding = find('slow-shutdown', 'leftBehind');
    expect(finding.message).toContain('left 2 processes it started still running');
    expect(finding.evidence).toContain(marker);
  });

  it('sends sampling, elicitation and roots requests it was not offered', async () => {
    const { capture, result } = await survive('requests', 'hostile/undeclared-requests.mjs', 5000, NORMAL);
    const found = result.findings.filter((f) => f.ruleId === 'undeclared-server-requests');
    expect(found.map((f) => f.evidence).every((e) => e !== undefined && e.length > 0)).toBe(true);
    expect(found.map((f) => /"method":"([^"]+)"/.exec(f.evidence!)?.[1]).sort()).toEqual([
      'elicitation/create',
      'roots/list',
      'sampling/createMessage',
    ]);
    // mcplint answered each with "method not found", and the session went on.
    const answers = capture.frames.filter(
      (f) => f.kind === 'message' && f.dir === 'send' && /^srv-/.test(String((f.message as { id?: unknown }).id)),
    );
    expect(answers.map((f) => (f as { message: { error?: { code?: number } } }).message.error?.code)).toEqual([-32601, -32601, -32601]);
    expect(listsOk(capture)).toBe(true);
  });

  it('non-object results and wrong ids', async () => {
    const { capture, result, find } = await survive('wrong-ids', 'hostile/wrong-ids.mjs', 30_000, {
      ...NORMAL,
      timeoutMs: 1000,
      probes: probesWith(1000),
    });
    expect(capture.lists.tools).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
    expect(find('response-id-echo', 'typeChanged').message).toContain('Server answered request 2 (a number) with id "2" (a string)');
    const invalid = result.findings.filter((f) => f.ruleId === 'advertised-lists-work' && f.messageId === 'invalidResult');
    expect(invalid.map((f) => f.message.replace(/^.*but (\S+) .*$/, '$1')).sort()).toEqual(['prompts/list', 'resources/list']);
    expect(invalid.every((f) => (f.evidence ?? '').length > 0)).toBe(true);
  });
});

// One at a time: these move tens of megabytes, and the time budgets must not measure each other.
describe('hostile servers that send a lot', () => {
  it('a 100 MB stdout flood is cut at the stdout cap (lowered here to keep the test fast)', async () => {
    const cap = 4 * 1024 * 1024;
    const { capture, find } = await survive('flood-low', 'hostile/flood.mjs', 10_000, { ...NORMAL, maxStdoutBytes: cap });
    expect(capture.output?.stopped).toMatchObject({ reason: 'stdout-cap', phase: 'listing' });
    // Stopped soon after the cap, far from the 100 MB the server meant to write.
    expect(capture.output!.stdoutBytes).toBeLessThan(cap + 8 * 1024 * 1024);
    expect(capture.notes).toContain(
      'The server wrote more than the stdout cap of 4 MiB while mcplint waited for the tools/list response; mcplint stopped it (SIGTERM, then SIGKILL).',
    );
    expect(find('output-flood', 'stdoutCap').message).toContain(
      'Server wrote more than 4 MiB to stdout while mcplint waited for the tools/list response, so mcplint stopped it',
    );
    expect(find('stdout-pollution').evidence).toContain('[debug] indexing book');
    expect(capture.lists.tools.status).toBe('error');
  });

  it('a 100 MB stdout flood is cut at the default cap of 64 MiB', async () => {
    expect(DEFAULT_STDIO_LIMITS.maxStdoutBytes).toBe(64 * 1024 * 1024);
    const { capture, find } = await survive('flood-default', 'hostile/flood.mjs', 20_000, NORMAL);
    expect(capture.output?.caps.stdoutBytes).toBe(64 * 1024 * 1024);
    expect(capture.output?.stopped?.reason).toBe('stdout-cap');
    expect(capture.output!.stdoutBytes).toBeLessThan(100 * 1024 * 1024);
    find('output-flood', 'stdoutCap');
    // Memory stays bounded: frames and their text are capped, and the notes say what was cut.
    expect(capture.frames.length).toBeLessThanOrEqual(MAX_FRAMES + 1000);
    expect(noise(capture).reduce((n, f) => n + f.text.length, 0)).toBeLessThanOrEqual(RECORDED_BYTES_CAP);
    expect(capture.notes.some((n) => /frames were not kept \(frame cap\)/.test(n))).toBe(true);
  });

  it('one 10 MB line: recorded as pollution with a capped quote; the session goes on', async () => {
    const { capture, find } = await survive('long-line', 'hostile/long-line.mjs', 10_000, NORMAL);
    const [line] = noise(capture);
    expect(line).toMatchObject({ noise: 'not-json', bytes: 10 * 1024 * 1024, phase: 'listing', truncated: true });
    expect(line!.text.length).toBeLessThanOrEqual(2000);
    expect(find('stdout-pollution', 'notJson').evidence).toMatch(/^cache:QUJD/);
    expect(capture.lists.tools.items).toHaveLength(3);
    expect(capture.output?.longestLine).toBe(10 * 1024 * 1024);
  });

  it('a line longer than the line cap is cut, and the notes say so', async () => {
    const { capture, find } = await survive('long-line-cut', 'hostile/long-line.mjs', 10_000, { ...NORMAL, maxLineBytes: 1024 * 1024 });
    expect(capture.output).toMatchObject({ linesCut: 1, longestLine: 10 * 1024 * 1024 });
    expect(capture.notes).toContain('1 stdout line was longer than the line cap of 1 MiB and cut (longest: 10485760 bytes).');
    find('stdout-pollution', 'notJson');
    expect(capture.lists.tools.items).toHaveLength(3);
  });

  it('a 20 MB tools/call result: recorded as an answer mcplint could not read, not as an error of the server', async () => {
    const { capture, result } = await survive('huge-tool-answer', 'hostile/huge-tool-answer.mjs', 60_000, {
      ...NORMAL,
      probes: probesWith(20_000),
    });
    const calls = probeCalls(capture, 'valid-calls');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.answer).toMatchObject({
        kind: 'timeout',
        overCap: expect.stringMatching(/tools\/call (result|response) exceeded the 16 MiB line cap/),
      });
    }
    // No rule reads the cut answers as protocol errors the server chose to send.
    const misread = result.findings.filter((f) => /protocol error|error response|JSON-RPC error/i.test(f.message));
    expect(misread.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
  });

  it('a 50 MB initialize result: the handshake fails at once, naming the line cap', async () => {
    // The start-up timeout is far off: a diagnosis of "too-large" (not "timeout") shows it was settled by the cut.
    const { capture, result, find } = await survive('huge-initialize', 'hostile/huge-initialize.mjs', 30_000, {
      ...NORMAL,
      startupTimeoutMs: 30_000,
    });
    expect(capture.handshake).toMatchObject({ ok: false, reason: 'too-large' });
    const bytes = capture.output!.longestLine;
    expect(bytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(find('handshake', 'tooLarge').message).toContain(
      `the initialize result exceeded the 16 MiB line cap (a line of ${bytes} bytes)`,
    );
    expect(capture.notes).toContain(
      `The initialize result exceeded the 16 MiB line cap (a line of ${bytes} bytes); mcplint could not read it.`,
    );
    // The cut line is the answer, too long: not stdout pollution.
    expect(noise(capture)).toMatchObject([{ noise: 'not-json', truncated: true, answerTo: 'initialize' }]);
    expect(result.findings.map((f) => f.ruleId)).not.toContain('stdout-pollution');
  });

  it('a tools/list answer over the line cap fails that request, not the next ones', async () => {
    const { capture, result, find } = await survive('huge-list-cut', 'hostile/huge-list.mjs', 15_000, {
      ...NORMAL,
      maxLineBytes: 1024 * 1024,
    });
    expect(capture.lists.tools).toMatchObject({
      status: 'error',
      error: { message: expect.stringContaining('the tools/list result exceeded the 1 MiB line cap') },
    });
    expect(find('advertised-lists-work').message).toContain('the tools/list result exceeded the 1 MiB line cap');
    expect(noise(capture)).toMatchObject([{ answerTo: 'tools/list' }]);
    expect(result.findings.map((f) => f.ruleId)).not.toContain('stdout-pollution');
  });

  it('floods 50,000 notifications: counted, frames capped, reported', async () => {
    const { capture, find } = await survive('notifications', 'hostile/notification-flood.mjs', 10_000, NORMAL);
    expect(capture.output?.notifications['notifications/message']).toBe(50_000);
    expect(capture.frames.length).toBeLessThanOrEqual(MAX_FRAMES + 1000);
    expect(capture.notes[0]).toBe(`Frame cap of ${MAX_FRAMES} reached; later notifications and stdout lines were counted, not kept.`);
    // The response that came after the flood is still recorded and used.
    expect(capture.lists.tools.items).toHaveLength(3);
    expect(capture.frames[capture.lists.tools.pages[0]!.frame!]).toMatchObject({ kind: 'message', dir: 'recv' });
    expect(find('output-flood', 'notifications').message).toContain('Server sent 50000 "notifications/message" notifications');
  });

  it('a tools/list of 5,000 tools', async () => {
    const { capture, result, find } = await survive('many-tools', 'hostile/many-tools.mjs', 15_000, NORMAL);
    expect(capture.lists.tools.items).toHaveLength(5000);
    // The 3.6 MB response keeps only its envelope in the frame; the entries are all in the list.
    expect(capture.frames[capture.lists.tools.pages[0]!.frame!]).toMatchObject({ truncated: true });
    expect(capture.notes.some((n) => n.includes('per-frame cap of 256 KiB'))).toBe(true);
    find('tool-surface-budget');
    // Rules run in bounded time on a big surface (no per-rule rescans).
    const started = performance.now();
    runRules(capture, { rules: await allRules, settings: new Map() });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.findings.length).toBeLessThan(200);
  });

  it('a 10 MB tools/list', async () => {
    const { capture, find } = await survive('huge-list', 'hostile/huge-list.mjs', 15_000, NORMAL);
    expect(capture.output!.longestLine).toBeGreaterThan(10_000_000);
    const frame = capture.frames[capture.lists.tools.pages[0]!.frame!]!;
    expect(frame).toMatchObject({ truncated: true });
    expect(JSON.stringify(frame).length).toBeLessThan(FRAME_MESSAGE_CAP);
    expect(capture.lists.tools.items).toHaveLength(3);
    expect(find('tool-surface-budget').message).toContain('bookstore');
  });
});

describe('Ctrl-C', () => {
  it('during a run: the server tree is reaped, exit 130, a partial report on stderr', async () => {
    const marker = markerOf('sigint');
    const child = spawn(
      process.execPath,
      [CLI, '--timeout', '60000', '--', process.execPath, fixturePath('protocol/never-answers.mjs'), marker],
      {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // Wait until the server is up (the marker is on mcplint's own command line too), then give mcplint a moment.
    const servers = () => processesWith(marker).filter((line) => !line.includes(CLI));
    for (let i = 0; i < 100 && servers().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(servers().length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    const sentAt = performance.now();
    child.kill('SIGINT');
    const code = await exited;
    expect(performance.now() - sentAt).toBeLessThan(3000);
    expect(code).toBe(130);
    expect(stderr).toContain('mcplint: interrupted');
    expect(stderr).toContain('never-answers.mjs');
    expect(stderr).toMatch(/phase before-initialize/);
    expect(stderr).toMatch(/waiting for initialize/);
    expect(stderr).toMatch(/\d+ frames? recorded/);
    await expectNoProcessLeft(marker);
  });
});
