/**
 * stdout pollution over real stdio: every kind of non-protocol output is recorded with its kind,
 * offset and phase, reported once, and the session keeps working around it.
 */
import { describe, expect, it } from 'vitest';
import { runRules } from '../src/engine/run.js';
import stdoutPollution from '../rules/stdout-pollution.js';
import { captureFixture, summary } from './helpers/capture.js';
import type { Capture, NoiseFrame } from '../src/model/capture.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';

const lint = (capture: Capture) => runRules(capture, { rules: [stdoutPollution], settings: new Map() });
const noiseOf = (capture: Capture) => capture.frames.filter((f): f is NoiseFrame => f.kind === 'noise');
const allListed = (capture: Capture) => Object.values(capture.lists).every((l) => l.status === 'ok');

describe.concurrent('stdout pollution over stdio', () => {
  it('a banner before initialize', async () => {
    const capture = await sharedFixtureCapture('rules/stdout-pollution/bad.mjs');
    expect(noiseOf(capture).map((n) => [n.noise, n.offset, n.phase])).toEqual([['not-json', 0, 'before-initialize']]);
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution notJson transport']);
    expect(result.findings[0]!.message).toContain('at byte 0, before the initialize response');
    expect(result.findings[0]!.evidence).toBe('Bookstore MCP server v1.0 starting…');
    expect(capture.handshake.ok && allListed(capture)).toBe(true);
  });

  it('a log line during tools/list', async () => {
    // Without probes: the invalid-cursor probe calls tools/list again, and the server logs again.
    const capture = await captureFixture('protocol/log-during-list.mjs', { probeConfig: false });
    expect(noiseOf(capture).map((n) => [n.noise, n.phase, n.text])).toEqual([['not-json', 'listing', '[info] listing 3 tools']]);
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution notJson transport']);
    expect(result.findings[0]!.message).toContain('while listing tools');
    expect(capture.lists.tools.items).toHaveLength(3);
  });

  it('a JSON log line that is not JSON-RPC', async () => {
    const capture = await captureFixture('protocol/json-not-jsonrpc.mjs');
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution notJsonRpc transport']);
    expect(result.findings[0]!.message).toContain('while listing resources');
    expect(result.findings[0]!.evidence).toContain('"msg":"listing resources"');
    expect(allListed(capture)).toBe(true);
  });

  it('progress text without a newline glued before a response: split off, session still works', async () => {
    // Without probes: the invalid-cursor probe calls tools/list again, and the server writes again.
    const capture = await captureFixture('protocol/unterminated-progress.mjs', { probeConfig: false });
    const [noise] = noiseOf(capture);
    expect(noiseOf(capture)).toHaveLength(1);
    expect(noise).toMatchObject({ noise: 'unterminated', text: 'Loading catalogue... ', phase: 'listing' });
    // The response that followed on the same line still counted.
    expect(capture.lists.tools.status).toBe('ok');
    expect(capture.lists.tools.items).toHaveLength(3);
    const response = capture.frames.find((f) => f.kind === 'message' && f.dir === 'recv' && f.offset === noise!.offset + noise!.bytes);
    expect(response).toBeDefined();
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution unterminated transport']);
    expect(result.findings[0]!.message).toContain('while listing tools');
  });

  it('invalid UTF-8 bytes and NULs', async () => {
    const capture = await captureFixture('protocol/invalid-utf8.mjs');
    expect(noiseOf(capture).map((n) => n.noise)).toEqual(['invalid-utf8', 'not-json']);
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution invalidUtf8 transport', 'stdout-pollution notJson transport']);
    expect(result.findings.map((f) => f.evidence)).toEqual(['bk\ufffd(\\u0000\ufffd', '\\u0000\\u0000']);
    expect(result.findings[0]!.message).toContain('while listing prompts');
    expect(allListed(capture)).toBe(true);
  });

  it('output after the last newline at exit', async () => {
    const capture = await captureFixture('protocol/trailing-output.mjs');
    expect(noiseOf(capture).map((n) => [n.noise, n.phase, n.text])).toEqual([['unterminated', 'shutdown', 'bookstore-mcp-server stopped']]);
    const result = lint(capture);
    expect(summary(result)).toEqual(['stdout-pollution unterminated transport']);
    expect(result.findings[0]!.message).toContain('at shutdown, after stdin was closed');
  });

  it('the clean server writes nothing else', async () => {
    const capture = await sharedFixtureCapture('clean-server.mjs');
    expect(noiseOf(capture)).toEqual([]);
    expect(lint(capture).findings).toEqual([]);
  });
});
