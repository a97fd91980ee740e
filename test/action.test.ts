/**
 * The GitHub Action, run locally: action.yml's main step (the committed bundle, action/main.js) on
 * fixture servers, with GITHUB_OUTPUT / GITHUB_STEP_SUMMARY / RUNNER_TEMP pointing at temporary
 * files, and action.yml's wiring checked against what the script reads and writes. The bundle runs
 * from a copy of the repository's tracked files, without node_modules or dist/, as in a workflow.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefixAnnotationPath, prefixSarifPaths } from '../scripts/action-paths.js';
import { splitCommand } from '../scripts/action-run.js';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { assertGitHubIngestible, assertValidSarif } from './helpers/github-sarif.js';

let SCRIPT = '';

const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The action's checkout as a workflow gets it: tracked files (fixtures aside) and the bundle. */
beforeAll(() => {
  const checkout = tempDir('mcplint-action-checkout-');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter((f) => f && !/^(fixtures|action)\//.test(f))) {
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    cpSync(join(ROOT, file), join(checkout, file));
  }
  cpSync(join(ROOT, 'action'), join(checkout, 'action'), { recursive: true });
  SCRIPT = join(checkout, 'action', 'main.js');
});

interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  dir: string;
}

function runAction(inputs: Record<string, string>): Promise<ActionRun> {
  const dir = tempDir('mcplint-action-');
  const outputFile = join(dir, 'github_output');
  const summaryFile = join(dir, 'step_summary');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NO_COLOR: '1',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ROOT,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: dir,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      resolve({ code, stdout, stderr, outputs, summary: readFileSync(summaryFile, 'utf8'), dir });
    });
  });
}

describe('GitHub Action (run locally)', () => {
  it('on a fixture with a warning: annotations, ingestible SARIF, a Markdown summary and the outputs', async () => {
    const dir = tempDir('mcplint-action-sarif-');
    const sarifFile = join(dir, 'mcplint.sarif');
    const r = await runAction({
      command: 'node fixtures/rules/tool-annotations-present/bad.mjs',
      'sarif-file': sarifFile,
      'sarif-category': 'books',
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The action's score output is the CLI's score for the same server (it follows the rule set).
    const json = await runCli(['--format', 'json', '--', process.execPath, 'fixtures/rules/tool-annotations-present/bad.mjs'], {
      cwd: ROOT,
    });
    const score = (JSON.parse(json.stdout) as { servers: { score: number }[] }).servers[0]!.score;
    expect(r.outputs).toMatchObject({
      'exit-code': '0',
      score: String(score),
      grade: 'A',
      errors: '0',
      warnings: '1',
      notes: '0',
      'sarif-file': sarifFile,
    });
    // The job log: workflow commands, paths relative to the repository root.
    expect(r.stdout).toMatch(
      /^::warning file=fixtures\/rules\/tool-annotations-present\/bad\.mjs,line=1,title=mcplint tool-annotations-present::Tool "bookstore_search_books" has no annotations/m,
    );
    // The step summary: the Markdown report.
    expect(r.summary).toMatch(/^## mcplint: bookstore-mcp-server 1\.0\.0/);
    expect(r.summary).toContain('| tool `bookstore_search_books` | warning |');
    const log = JSON.parse(readFileSync(sarifFile, 'utf8')) as Log;
    assertValidSarif(log);
    assertGitHubIngestible(log);
    expect(log.runs[0]!.automationDetails?.id).toBe('books/');
    expect(log.runs[0]!.results!.map((x) => x.ruleId)).toEqual(['tool-annotations-present']);
  }, 120_000);

  it('fails the step (exit 1) on an error finding and still writes SARIF and outputs for the upload step', async () => {
    const r = await runAction({
      command: 'node fixtures/rules/stdout-pollution/bad.mjs',
      'sarif-file': join(tempDir('mcplint-action-'), 'x.sarif'),
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ 'exit-code': '1', errors: '1' });
    expect(r.stdout).toMatch(/^::error file=[^,]+,line=\d+,title=mcplint stdout-pollution::/m);
    const log = JSON.parse(readFileSync(r.outputs['sarif-file']!, 'utf8')) as Log;
    assertValidSarif(log);
    assertGitHubIngestible(log);
  }, 120_000);

  it('passes thresholds and the baseline through to mcplint', async () => {
    const dir = tempDir('mcplint-action-baseline-');
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify({ version: 1, entries: [] }));
    const strict = await runAction({
      command: 'node fixtures/rules/tool-annotations-present/bad.mjs',
      'fail-on': 'warning',
      'min-score': '90',
      baseline,
      'sarif-file': join(dir, 'a.sarif'),
    });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(`--fail-on warning --min-score 90 --baseline ${baseline}`);
    const args = await runAction({
      command: 'node fixtures/clean-server.mjs',
      args: '--rule "tool-name-verb=off" --format-does-not-exist',
      'sarif-file': join(dir, 'b.sarif'),
    });
    expect(args.code).toBe(2);
    expect(args.stderr).toContain('unknown option --format-does-not-exist (did you mean --format?)');
  }, 120_000);

  it('runs in working-directory and keeps annotation and SARIF paths relative to the repository root', async () => {
    const dir = tempDir('mcplint-action-wd-');
    const started = Date.now();
    const folder = 'fixtures/rules/tool-annotations-present';
    const r = await runAction({ 'working-directory': folder, command: 'node bad.mjs', 'sarif-file': join(dir, 'wd.sarif') });
    process.stderr.write(`action step, bundle to result: ${Date.now() - started} ms\n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ 'exit-code': '0', warnings: '1', baselined: '0', ignored: '0' });
    expect(r.stdout).toContain('(in fixtures/rules/tool-annotations-present)');
    expect(r.stdout).toContain(`\n::warning file=${folder}/bad.mjs,line=1,title=mcplint tool-annotations-present::`);
    const log = JSON.parse(readFileSync(join(dir, 'wd.sarif'), 'utf8')) as Log;
    assertGitHubIngestible(log);
    expect(log.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(`${folder}/bad.mjs`);
    const missing = await runAction({ 'working-directory': 'no/such/folder', command: 'node x.mjs' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('working-directory no/such/folder is not a directory');
  }, 120_000);

  it('puts the working directory in front of relative paths only', () => {
    expect(prefixAnnotationPath('::warning file=src/a.ts,line=3,title=x::msg: a, b', 'packages/my server')).toBe(
      '::warning file=packages/my server/src/a.ts,line=3,title=x::msg: a, b',
    );
    expect(prefixAnnotationPath('::error title=mcplint::no file here', 'pkg')).toBe('::error title=mcplint::no file here');
    expect(prefixAnnotationPath('::error file=/abs/a.ts,line=1::m', 'pkg')).toBe('::error file=/abs/a.ts,line=1::m');
    expect(prefixAnnotationPath('plain text file=a.ts', 'pkg')).toBe('plain text file=a.ts');
    expect(prefixAnnotationPath('::warning file=a.ts::m', '')).toBe('::warning file=a.ts::m');
    const at = (uri: string) => ({ physicalLocation: { artifactLocation: { uri } } });
    const log = { runs: [{ results: [{ locations: [at('src/a.ts'), at('file:///x.ts')] }] }] };
    expect(prefixSarifPaths(log, 'packages/my server')).toBe(1);
    const uris = log.runs[0]!.results[0]!.locations.map((l) => l.physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(['packages/my%20server/src/a.ts', 'file:///x.ts']);
  });

  it('splits command inputs like a shell, without expansion', () => {
    expect(splitCommand(`node "dist/my server.js" --name 'a b' x\\ y $HOME`)).toEqual([
      'node',
      'dist/my server.js',
      '--name',
      'a b',
      'x y',
      '$HOME',
    ]);
    expect(splitCommand('  ')).toEqual([]);
    expect(() => splitCommand('node "open')).toThrow(/unterminated/);
  });

  it('action.yml passes every input to the script and maps every output the script writes', () => {
    const yaml = createRequire(import.meta.url)('js-yaml') as { load: (s: string) => unknown };
    const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, { value: string }>;
      runs: { using: string; steps: { id?: string; env?: Record<string, string>; run?: string; uses?: string; if?: string }[] };
    };
    expect(action.runs.using).toBe('composite');
    const step = action.runs.steps.find((s) => s.id === 'mcplint')!;
    expect(step.run).toBe('node "$GITHUB_ACTION_PATH/action/main.js"');
    // Nothing is installed or built in the user's job.
    for (const s of action.runs.steps) if (s.run) expect(s.run).not.toMatch(/\bnpm\b|\bnpx\b/);
    // Inputs reach the script only through env (never interpolated into the shell).
    for (const [name, value] of Object.entries(step.env!)) {
      const input = name
        .replace(/^INPUT_/, '')
        .toLowerCase()
        .replace(/_/g, '-');
      expect(value).toBe(`\${{ inputs.${input} }}`);
      expect(action.inputs).toHaveProperty(input);
    }
    for (const step of action.runs.steps) if (step.run) expect(step.run).not.toContain('${{ inputs.');
    const passed = new Set(
      Object.keys(step.env!).map((n) =>
        n
          .replace(/^INPUT_/, '')
          .toLowerCase()
          .replace(/_/g, '-'),
      ),
    );
    for (const input of Object.keys(action.inputs)) if (input !== 'upload-sarif') expect(passed, input).toContain(input);
    const script = readFileSync(join(ROOT, 'scripts', 'action-run.ts'), 'utf8');
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.mcplint.outputs.${name} }}`);
      expect(script).toContain(`setOutput('${name}'`);
    }
    // …and every output the script writes is declared.
    const written = [...script.matchAll(/setOutput\('([\w-]+)'/g)].map((m) => m[1]);
    expect(written.filter((name) => !(name! in action.outputs))).toEqual([]);
    expect(action.inputs).toHaveProperty('working-directory');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    expect(upload.uses).toBe('github/codeql-action/upload-sarif@v4');
    expect(upload.if).toContain("inputs.upload-sarif == 'true'");
  });
});
