/**
 * Probes against real servers over real stdio: the safety policy proven from the servers' own logs
 * (MCPLINT_FIXTURE_LOG records every message a fixture receives), crashes and hangs survived,
 * every call reconstructible from the capture, and the exemplary server clean with probes on.
 */
import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import type { Rule } from '../src/engine/rule.js';
import { runRules } from '../src/engine/run.js';
import { toolPermissions } from '../src/probes/policy.js';
import { probeCalls } from '../src/model/probe-records.js';
import type { ProbesConfig } from '../src/model/probe-types.js';
import unknownToolProtocolError from '../rules/unknown-tool-protocol-error.js';
import { captureFixture, fixturePath, summary } from './helpers/capture.js';
import { PROBE_RULES } from './helpers/probe-rules.js';
import { rules as registry } from '../rules/index.js';
import { readCallLog } from './helpers/call-log.js';
import { captureHttpFixture, servesHttp } from './helpers/targets.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';

const ALL = [...registry];
const lint = (capture: Capture, rules: Rule[] = ALL) => summary(runRules(capture, { rules, settings: new Map() }));
const lintProbes = (capture: Capture) => lint(capture, [...PROBE_RULES]);

interface Logged {
  method?: string;
  params?: { name?: string; arguments?: Record<string, unknown>; protocolVersion?: string };
}
const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-probes-'));
const readLog = (file: string): Logged[] => readCallLog<Logged>(file);
const toolCalls = (log: Logged[]) =>
  log.filter((m) => m.method === 'tools/call').map((m) => [m.params?.name, m.params?.arguments] as const);

/** Capture a fixture with its message log; returns both. */
async function logged(
  relative: string,
  probeConfig?: ProbesConfig,
  extra: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ capture: Capture; log: Logged[] }> {
  const file = join(scratch(), 'received.jsonl');
  const capture = await captureFixture(relative, {
    ...extra,
    env: { MCPLINT_FIXTURE_LOG: file, ...(extra.env ?? {}) },
    ...(probeConfig ? { probeConfig } : {}),
  });
  return { capture, log: readLog(file) };
}

/** The same for a fixture that serves Streamable HTTP, captured over HTTP. */
async function loggedOverHttp(relative: string): Promise<{ capture: Capture; log: Logged[] }> {
  const file = join(scratch(), 'received.jsonl');
  const capture = await captureHttpFixture(relative, { env: { MCPLINT_FIXTURE_LOG: file } });
  return { capture, log: readLog(file) };
}

describe.concurrent('probe safety over stdio', () => {
  it('never calls destructive, unannotated, read-only-but-deleting or task-only tools; open-world tools get invalid calls only', async () => {
    const { capture, log } = await logged('probes/never-called.mjs');
    const called = toolCalls(log);
    const names = new Set(called.map(([name]) => name));
    for (const never of [
      'bookstore_delete_book',
      'bookstore_get_inventory',
      'bookstore_delete_cache',
      'bookstore_get_report',
      'bookstore_add_review',
    ]) {
      expect(names.has(never), never).toBe(false);
    }
    // Open-world: only the invalid-argument probe (book_id left out), never real arguments.
    expect(called.filter(([name]) => name === 'bookstore_fetch_reviews')).toEqual([['bookstore_fetch_reviews', {}]]);
    // Safe tools get both kinds, with arguments from the schema's examples.
    expect(called.filter(([name]) => name === 'bookstore_get_price')).toEqual([
      ['bookstore_get_price', {}],
      ['bookstore_get_price', { book_id: 'bk_1042' }],
    ]);
    // The capture says the same as the server's log, and says why the others were skipped.
    expect(
      capture.frames.filter((f) => f.kind === 'message' && f.dir === 'send' && (f.message as Logged).method === 'tools/call').length,
    ).toBe(called.length);
    const skipped = (capture.probes['invalid-arguments']!.data as { skippedTools: { tool: string; reason: string }[] }).skippedTools;
    expect(skipped.map((s) => s.tool).sort()).toEqual([
      'bookstore_add_review',
      'bookstore_delete_book',
      'bookstore_delete_cache',
      'bookstore_get_inventory',
      'bookstore_get_report',
    ]);
  });

  it("allow-listed tools are called with the user's arguments; the deny-list wins, even over the allow-list", async () => {
    const { log } = await logged('probes/never-called.mjs', {
      allowTools: ['bookstore_delete_book', 'bookstore_get_price'],
      denyTools: ['bookstore_get_price', 'bookstore_list_books'],
      args: { bookstore_delete_book: { book_id: 'bk_test_only' } },
    });
    const called = toolCalls(log);
    expect(called.filter(([name]) => name === 'bookstore_delete_book')).toEqual([
      ['bookstore_delete_book', {}],
      ['bookstore_delete_book', { book_id: 'bk_test_only' }],
    ]);
    expect(called.some(([name]) => name === 'bookstore_get_price' || name === 'bookstore_list_books')).toBe(false);
  });

  it('--no-probes calls no tool at all; protocol probes still run', async () => {
    const { capture, log } = await logged('probes/never-called.mjs', { enabled: false });
    expect(toolCalls(log).filter(([name]) => name !== 'mcplint_no_such_tool')).toEqual([]);
    expect(log.some((m) => m.method === 'ping')).toBe(true);
    expect(capture.probes['valid-calls']).toMatchObject({ status: 'skipped', reason: expect.stringContaining('turned off') });
  });

  it('--no-protocol-probes sends no protocol probe', async () => {
    const { log } = await logged('clean-server.mjs', { protocol: false });
    expect(
      log.some((m) => m.method === 'ping' || m.method === 'mcplint/no-such-method' || m.params?.protocolVersion === '1900-01-01'),
    ).toBe(false);
  });

  it('across every fixture server, only tools the policy allows are ever called', async () => {
    const fixtures = [
      'clean-server.mjs',
      ...readdirSync(fixturePath('probes')).map((f) => `probes/${f}`),
      ...readdirSync(fixturePath('rules')).flatMap((id) =>
        ['bad.mjs', 'good.mjs'].filter((f) => existsSync(fixturePath(`rules/${id}/${f}`))).map((f) => `rules/${id}/${f}`),
      ),
    ];
    const queue = [...fixtures];
    const problems: string[] = [];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const { capture, log } = servesHttp(f) ? await loggedOverHttp(f) : await logged(f, undefined, { timeoutMs: 2000 });
        const listed = new Map(capture.lists.tools.items.map((t) => [(t as { name: string }).name, t as { name: string }]));
        for (const [name] of toolCalls(log)) {
          if (name === undefined || name.startsWith('mcplint_no_such_tool')) continue;
          const tool = listed.get(name);
          const permission = tool
            ? toolPermissions({ name, raw: tool as Record<string, unknown> }, { allowTools: [], denyTools: [], args: {} })
            : undefined;
          const annotations = (tool as { annotations?: Record<string, unknown> } | undefined)?.annotations;
          if (!permission?.invalidCalls.allowed || annotations?.readOnlyHint !== true || annotations.destructiveHint === true)
            problems.push(`${f}: called ${name}`);
        }
      }
    };
    await Promise.all([1, 2, 3, 4].map(worker));
    expect(problems).toEqual([]);
  }, 240_000);
});

describe.concurrent('probes survive misbehaving servers', () => {
  it('a crash during a probe: recorded, the server started again, the remaining probes run, and the notes say so', async () => {
    const { capture, log } = await logged('probes/crash-on-invalid.mjs');
    expect(lintProbes(capture)).toEqual(['invalid-arguments-rejected noAnswer tool:bookstore_get_book#/inputSchema']);
    const crashed = probeCalls(capture, 'invalid-arguments').find((c) => c.tool === 'bookstore_get_book')!;
    expect(crashed.answer).toMatchObject({ kind: 'closed', restarted: true, exit: { code: 1 } });
    // After the restart: a second initialize, then the valid calls.
    expect(log.filter((m) => m.method === 'initialize').map((m) => m.params?.protocolVersion)).toEqual([
      '2025-11-25',
      '1900-01-01',
      '2025-11-25',
    ]);
    expect(probeCalls(capture, 'valid-calls').map((c) => [c.tool, c.answer.kind])).toEqual([['bookstore_search_books', 'result']]);
    expect(capture.frames.some((f) => f.connection === 2)).toBe(true);
    expect(capture.notes.join('\n')).toMatch(
      /exited during step \d+ \(tools\/call bookstore_get_book\); mcplint started the server again \(process 2\)/,
    );
    expect(capture.stderr.text).toContain("Cannot read properties of undefined (reading 'trim')");
  });

  it('a call that never gets an answer: a finding, a cancellation, and no restart when the server still answers ping', async () => {
    const { capture, log } = await logged('probes/hang.mjs', { timeout: 1500 });
    expect(lintProbes(capture)).toEqual(['tool-call-responds noAnswer tool:bookstore_get_book']);
    const hung = probeCalls(capture, 'valid-calls').find((c) => c.tool === 'bookstore_get_book')!;
    expect(log).toContainEqual({
      method: 'notifications/cancelled',
      params: { requestId: hung.id, reason: 'mcplint probe: no answer within 1500 ms' },
    });
    expect(capture.notes).toEqual([]);
  });

  it('a server that freezes: restarted after it does not answer ping either', async () => {
    const { capture } = await logged('probes/hang.mjs', { timeout: 1500 }, { env: { FIXTURE_FREEZE: '1' } });
    expect(lintProbes(capture)).toEqual(['tool-call-responds noAnswer tool:bookstore_get_book']);
    expect(probeCalls(capture, 'valid-calls').find((c) => c.tool === 'bookstore_get_book')!.answer).toMatchObject({
      kind: 'timeout',
      restarted: true,
    });
    // The probes went on with the new process.
    expect(probeCalls(capture, 'pagination').map((c) => c.answer.kind)).toEqual(['result']);
    expect(capture.notes.join('\n')).toContain('did not answer ping either; mcplint started the server again');
  });

  it('handlers that throw, on a server that turns exceptions into -32603 errors', async () => {
    const { capture } = await logged('probes/internal-error.mjs');
    expect(lintProbes(capture).sort()).toEqual([
      'tool-errors-are-results failureAsProtocolError tool:bookstore_list_books',
      'tool-errors-are-results invalidAsProtocolError tool:bookstore_get_book',
      'tool-errors-are-results invalidAsProtocolError tool:bookstore_list_books',
    ]);
  });
});

describe.concurrent('probe records', () => {
  it('every probe request and its raw answer are in the capture, and a saved capture gives the same findings', async () => {
    const { capture } = await logged('rules/tool-errors-are-results/bad.mjs');
    for (const record of Object.values(capture.probes)) {
      for (const call of probeCalls(capture, record.id)) {
        const frames = call.connection === 'fresh' ? (record.data as { transcript: Capture['frames'] }).transcript : capture.frames;
        const request = frames[call.requestFrame!];
        expect(request, `${record.id} step ${call.step}`).toMatchObject({
          kind: 'message',
          dir: 'send',
          phase: `probe:${record.id}`,
          message: { method: call.method, id: call.id },
        });
        if (call.answer.kind === 'result' || call.answer.kind === 'error') {
          expect(frames[call.answer.frame], `${record.id} step ${call.step}`).toMatchObject({
            kind: 'message',
            dir: 'recv',
            message: { id: call.id },
          });
        }
      }
    }
    const saved = JSON.parse(JSON.stringify(capture)) as Capture;
    expect(lint(saved)).toEqual(lint(capture));
    expect(lintProbes(saved)).toEqual(['tool-errors-are-results invalidAsProtocolError tool:bookstore_get_book']);
  });

  it('the exemplary (SDK) server stays clean with probes on; its isError answer to an unknown tool is only reported when enabled', async () => {
    const capture = await captureFixture('exemplary-server/server.mjs');
    expect(lint(capture)).toEqual([]);
    expect(
      Object.entries(capture.probes)
        .filter(([, r]) => r.status === 'ran')
        .map(([id]) => id),
    ).toEqual([
      'ping',
      'request-ids',
      'unknown-method',
      'invalid-cursor',
      'unknown-tool',
      'version-negotiation',
      // It lists a prompt and a resource, so the read-side probes get them (and an unlisted URI).
      'prompts-get',
      'resources-read',
      'unknown-resource',
      'invalid-arguments',
      // Its read-only tools give schema examples, so they also get valid calls and a pagination probe.
      'valid-calls',
      'pagination',
    ]);
    const enabled = runRules(capture, {
      rules: [unknownToolProtocolError],
      settings: new Map([['unknown-tool-protocol-error', { level: 'warning', options: {} }]]),
    });
    expect(summary(enabled)).toEqual(['unknown-tool-protocol-error isErrorResult server']);
  });

  it('the exemplary server stays clean when given arguments for valid calls (pagination and size probes run)', async () => {
    const capture = await captureFixture('exemplary-server/server.mjs', {
      probeConfig: { args: { notes_search_notes: { query: 'plan' }, notes_get_note: { note_id: 'n_1' } } },
    });
    expect(capture.probes.pagination?.status).toBe('ran');
    expect(probeCalls(capture, 'pagination').map((c) => c.params)).toEqual([
      { name: 'notes_search_notes', arguments: { query: 'plan', limit: 1, response_format: 'json' } },
    ]);
    expect(lint(capture)).toEqual([]);
  });

  it('the clean raw server stays clean with probes on', async () => {
    expect(lint(await sharedFixtureCapture('clean-server.mjs'))).toEqual([]);
  });

  it('good twins with proper pagination and truncation stay clean', async () => {
    expect(lint(await sharedFixtureCapture('rules/pagination-metadata/good.mjs'))).toEqual([]);
    expect(lint(await sharedFixtureCapture('rules/response-size-limit/good.mjs'))).toEqual([]);
  });
});
