/**
 * Diagnoses of HTTP targets speak of HTTP: a server that dies during a tool call is reported as a
 * failed HTTP connection, not as a process that exited, with no word of stdin, stdout or stderr.
 * (The same fixture over stdio: test/hostile.test.ts, "crash-call".)
 */
import { describe, expect, it } from 'vitest';
import { lintAll } from './helpers/capture.js';
import { captureHttpFixture } from './helpers/targets.js';

const STDIO_WORDS = /\b(stdin|stdout|stderr|exit(ed)?|process)\b/;

describe('HTTP wording', { timeout: 120_000 }, () => {
  it('a server that crashes on a tool call: its HTTP connection failed', async () => {
    const capture = await captureHttpFixture('hostile/crash-call.mjs');
    expect(capture.transport).toBe('http');
    const findings = lintAll(capture).findings;
    const call = findings.find((f) => f.ruleId === 'tool-call-responds');
    expect(call?.message).toContain("got no answer: the server's HTTP connection failed");
    for (const f of findings) expect(f.message, f.ruleId).not.toMatch(STDIO_WORDS);
    const stopped = capture.notes.find((n) => n.startsWith('Probes stopped'));
    expect(stopped).toContain("the server's HTTP connection failed during step");
    expect(stopped).not.toMatch(STDIO_WORDS);
  });
});
