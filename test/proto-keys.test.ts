/**
 * A `"__proto__"` key a server sends stays an ordinary key through redaction and freezing: copies
 * define it, never assign it (assignment would make it the copy's prototype, so its fields become
 * inherited hints). A live run and `--from` of its own saved capture give identical findings.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidArguments, validArguments } from '../src/probes/args.js';
import { redactCapture } from '../src/model/redact.js';
import { mapStrings } from '../src/shared/json-walk.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { FAKE_SECRETS } from './helpers/fake-secrets.js';

const HINTS = '{"readOnlyHint":true,"destructiveHint":false}';

describe('"__proto__" keys stay data', () => {
  it('through a redacting copy: an own key, no inherited fields', () => {
    const annotations = JSON.parse(`{"title":"Add Review","__proto__":${HINTS}}`) as Record<string, unknown>;
    const tools = [{ name: 'add_review', annotations, inputSchema: { type: 'object' } }];
    const capture = makeCapture({ stderr: `token ${FAKE_SECRETS['github-token']}`, tools });
    const redacted = redactCapture(capture);
    expect(redacted).not.toBe(capture);
    const copied = (redacted.lists.tools.items[0] as { annotations: Record<string, unknown> }).annotations;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(copied.readOnlyHint).toBeUndefined();
    expect(Object.keys(copied)).toEqual(['title', '__proto__']);
    expect(Object.isFrozen(copied) && Object.isFrozen(Object.getOwnPropertyDescriptor(copied, '__proto__')!.value)).toBe(true);
    expect(JSON.stringify(copied)).toBe(`{"title":"Add Review","__proto__":${HINTS}}`);
  });

  it('through mapStrings, with keys mapped', () => {
    const source = JSON.parse('{"a":{"__proto__":{"x":"y"}}}') as unknown;
    const copy = mapStrings(source, (s) => s.toUpperCase(), { keys: (k) => k }) as { a: Record<string, unknown> };
    expect(copy.a.x).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"a":{"__proto__":{"x":"Y"}}}');
  });

  it('in probe arguments built from a schema: a property named __proto__ is sent', () => {
    const properties = '{"__proto__":{"type":"string","default":"x"}}';
    const schema = JSON.parse(`{"type":"object","properties":${properties},"required":["__proto__"]}`) as unknown;
    const valid = validArguments(schema, undefined, false);
    expect(valid.ok && JSON.stringify(valid.args)).toBe('{"__proto__":"x"}');
    const optional = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}}}') as unknown;
    const invalid = invalidArguments(optional, undefined);
    expect(invalid.ok && JSON.stringify(invalid.args)).toBe('{"__proto__":"not-a-number"}');
  });

  it('a live run and --from of its saved capture agree', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-proto-'));
    const capture = join(dir, 'capture.json');
    const server = ['--', process.execPath, fixturePath('hostile/proto-annotations.mjs')];
    const live = await runCli(['--format', 'json', '--save-capture', capture, ...server], { timeoutMs: 60_000 });
    const replay = await runCli(['--format', 'json', '--from', capture]);
    type Report = { servers: { findings: { ruleId: string; messageId: string; subject: unknown; message: string }[] }[] };
    const findings = (out: string) =>
      (JSON.parse(out) as Report).servers[0]!.findings.map((f) => `${f.ruleId} ${f.messageId} ${JSON.stringify(f.subject)} ${f.message}`);
    const liveFindings = findings(live.stdout);
    // The tool's hints are not its own: the annotations rules say so, in both runs.
    expect(liveFindings.some((f) => f.startsWith('tool-annotations-complete ') && f.includes('bookstore_add_review'))).toBe(true);
    expect(findings(replay.stdout)).toEqual(liveFindings);
    expect(replay.code).toBe(live.code);
  });
});
