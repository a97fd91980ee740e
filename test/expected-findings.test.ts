/**
 * UPDATE_FIXTURES=1: test/rule-fixtures.test.ts writes the findings a fixture yields into its
 * expected.json (test/helpers/expected-findings.ts), and writes nothing without the variable.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { fixtureJson, recordFindings, UPDATE_VARIABLE, withFindings } from './helpers/expected-findings.js';
import { copyRepository } from './helpers/repository-copy.js';

const UPDATE = { [UPDATE_VARIABLE]: '1' };

describe('expected.json under UPDATE_FIXTURES', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-expected-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lays JSON out as the files are: one line where it fits, else one member or element a line', () => {
    expect(fixtureJson({ findings: ['a b server'] })).toBe('{ "findings": ["a b server"] }\n');
    const long = ['x'.repeat(60), 'y'.repeat(60)];
    expect(fixtureJson({ source: 'python', findings: long })).toBe(
      `{\n  "source": "python",\n  "findings": [\n    "${long[0]}",\n    "${long[1]}"\n  ]\n}\n`,
    );
    expect(fixtureJson({ findings: [], levels: {} })).toBe('{ "findings": [], "levels": {} }\n');
    // A checked-in file with several keys, byte for byte.
    const file = readFileSync(fixturePath('rules/source-sync-network-call/expected.json'), 'utf8');
    expect(fixtureJson(JSON.parse(file))).toBe(file);
  });

  it('keeps the other keys in their order and sorts the findings', () => {
    const text = '{ "levels": { "r": "warning" }, "findings": ["old"], "config": ".mcp.json" }\n';
    expect(withFindings(text, ['r b server', 'r a server'])).toBe(
      '{ "levels": { "r": "warning" }, "findings": ["r a server", "r b server"], "config": ".mcp.json" }\n',
    );
  });

  it('rewrites a stale file only when asked, and never one whose findings match', () => {
    const file = join(dir, 'expected.json');
    copyFileSync(fixturePath('rules/unknown-tool-protocol-error/expected.json'), file);
    const before = readFileSync(file, 'utf8');
    const actual = ['unknown-tool-protocol-error isErrorResult server', 'advertised-lists-work errorResponse server'];

    expect(recordFindings(file, actual, {})).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(before);

    expect(recordFindings(file, actual, UPDATE)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n' +
        '  "levels": { "unknown-tool-protocol-error": "warning" },\n' +
        '  "findings": ["advertised-lists-work errorResponse server", "unknown-tool-protocol-error isErrorResult server"]\n' +
        '}\n',
    );

    // The same findings in another order: nothing to review, nothing written.
    writeFileSync(file, before);
    expect(recordFindings(file, ['unknown-tool-protocol-error isErrorResult server'], UPDATE)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('test/rule-fixtures.test.ts rewrites a wrong expected.json under the variable, and fails and leaves it without', () => {
    const copy = join(dir, 'repository');
    // action/ is the committed bundle: the fixtures test does not read it.
    copyRepository(copy, ['action']);
    const expected = join(copy, 'fixtures', 'rules', 'tool-name-verb', 'expected.json');
    const checkedIn = readFileSync(expected, 'utf8');
    const wrong = '{ "findings": ["tool-name-verb noVerb tool:some_other_tool"] }\n';
    writeFileSync(expected, wrong);

    const vitest = (env: NodeJS.ProcessEnv) =>
      spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/rule-fixtures.test.ts', '-t', 'tool-name-verb: bad.mjs'],
        { cwd: copy, encoding: 'utf8', env: { ...withoutUpdate(process.env), ...env } },
      );

    const compared = vitest({});
    expect(compared.status, compared.stdout + compared.stderr).toBe(1);
    expect(compared.stdout).toContain('tool-name-verb: bad.mjs yields exactly the expected findings');
    expect(readFileSync(expected, 'utf8')).toBe(wrong);

    const updated = vitest(UPDATE);
    expect(updated.status, updated.stdout + updated.stderr).toBe(0);
    // What the fixture yields is what the checked-in file says, laid out the same.
    expect(readFileSync(expected, 'utf8')).toBe(checkedIn);
  }, 180_000);
});

/** The environment without the variable, in case this suite itself runs under it. */
function withoutUpdate(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { [UPDATE_VARIABLE]: _, ...rest } = env;
  return rest;
}
