/**
 * The GitHub Action's main step. action.yml runs its bundle, `node action/main.js` (see
 * scripts/bundle-action.ts); a build runs it as dist/scripts/action-run.js. It runs on any machine,
 * so a test can run it on a fixture with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY pointing at
 * temporary files.
 *
 * Inputs come from INPUT_* environment variables (action.yml maps them explicitly: composite actions
 * do not, and passing them through env keeps them out of the shell). One mcplint run writes:
 * - the job log in INPUT_FORMAT (default `github`: annotations on the run and the diff);
 * - SARIF to INPUT_SARIF_FILE (default mcplint.sarif, relative to the repository root), for
 *   github/codeql-action/upload-sarif;
 * - Markdown, appended to $GITHUB_STEP_SUMMARY;
 * - JSON, read back for the step outputs: score, grade, errors, warnings, notes, baselined, ignored,
 *   sarif-file, exit-code.
 * mcplint runs in INPUT_WORKING_DIRECTORY (default: the repository root); see action-paths.ts.
 * The step exits with mcplint's own exit code, so the job fails exactly when mcplint says so.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { prefixAnnotationPath, prefixSarifPaths } from './action-paths.js';
import { gitRoot } from '../src/locate/repository.js';
import { refusedTarget, writeOutputFile } from '../src/shared/output-file.js';
import { readInputText } from '../src/shared/read-bounded.js';
import { splitCommand } from '../src/shared/command-line.js';

export { splitCommand };

const HERE = dirname(fileURLToPath(import.meta.url));
// In the Action's bundle (action/main.js) the CLI is its sibling; in a build, dist/src/cli/bin.js.
const CLI = existsSync(join(HERE, 'mcplint.js')) ? join(HERE, 'mcplint.js') : join(HERE, '..', 'src', 'cli', 'bin.js');

const input = (name: string): string => (process.env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] ?? '').trim();

/** The mcplint arguments for these inputs. */
export function cliArguments(files: { sarif: string; markdown: string; json: string }): string[] {
  const args: string[] = ['--format', input('format') || 'github'];
  const flag = (name: string, option = name): void => {
    const value = input(name);
    if (value) args.push(`--${option}`, value);
  };
  flag('config');
  flag('url');
  flag('config-file');
  flag('server');
  flag('fail-on');
  flag('max-warnings');
  flag('min-score');
  flag('baseline');
  flag('sarif-category');
  args.push('--report', `sarif=${files.sarif}`, '--report', `markdown=${files.markdown}`, '--report', `json=${files.json}`);
  args.push(...splitCommand(input('args')));
  const command = input('command');
  if (command) args.push('--', ...splitCommand(command));
  return args;
}

interface JsonReport {
  summary?: { error?: number; warning?: number; note?: number; ignored?: number; baselined?: number };
  servers?: { label?: string; score?: number; grade?: string }[];
}

function setOutput(name: string, value: string | number): void {
  const file = process.env.GITHUB_OUTPUT;
  const line = `${name}=${String(value).replace(/\r?\n/g, ' ')}\n`;
  if (file) appendFileSync(file, line);
  else process.stdout.write(`(output) ${line}`);
}

/** Runs mcplint; with a prefix, its annotations are rewritten on their way to the job log. */
function runMcplint(args: string[], cwd: string, prefix: string): Promise<number> {
  return new Promise((done) => {
    const stdio = ['inherit', prefix ? 'pipe' : 'inherit', 'inherit'] as const;
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: [...stdio], env: process.env });
    if (child.stdout) {
      const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
      lines.on('line', (line) => process.stdout.write(`${prefixAnnotationPath(line, prefix)}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`::error title=mcplint::${error.message}\n`);
      done(2);
    });
    child.on('close', (code) => done(code ?? 2));
  });
}

async function main(): Promise<number> {
  // SARIF and annotation paths are relative to the repository root. mcplint runs in the working
  // directory (a server in a subfolder of a monorepo).
  const workspace = resolve(process.env.GITHUB_WORKSPACE ?? process.cwd());
  const cwd = resolve(workspace, input('working-directory') || '.');
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    process.stderr.write(`::error title=mcplint::working-directory ${input('working-directory')} is not a directory of the repository\n`);
    return 2;
  }
  // mcplint's paths are relative to the git root of its working directory (src/locate/repository.ts),
  // which in a checkout is the workspace: only outside a work tree do they need the folder in front.
  const prefix = relative(workspace, gitRoot(cwd) ?? cwd)
    .split(sep)
    .join('/');
  const sarif = input('sarif-file') || 'mcplint.sarif';
  const sarifPath = resolve(workspace, sarif);
  const temp = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'mcplint-'));
  const files = { sarif: sarifPath, markdown: join(temp, 'mcplint.md'), json: join(temp, 'mcplint.json') };

  let args: string[];
  try {
    args = cliArguments(files);
  } catch (error) {
    process.stderr.write(`::error title=mcplint::${(error as Error).message}\n`);
    return 2;
  }
  const shown = args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  const folder = relative(workspace, cwd).split(sep).join('/');
  process.stdout.write(`mcplint ${shown}${folder ? ` (in ${folder})` : ''}\n`);
  const code = await runMcplint(args, cwd, prefix);
  setOutput('exit-code', code);

  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (existsSync(files.markdown) && summaryFile) appendFileSync(summaryFile, readFileSync(files.markdown, 'utf8') + '\n');
  // Only a regular file: a link committed in its place was refused by mcplint (src/shared/output-file.ts)
  // and must not be read, rewritten or uploaded here either.
  if (refusedTarget(sarifPath) === undefined && existsSync(sarifPath)) {
    if (prefix) {
      const log = JSON.parse(readInputText(sarifPath, 'report', sarif)) as Parameters<typeof prefixSarifPaths>[0];
      if (prefixSarifPaths(log, prefix) > 0) writeOutputFile(sarifPath, JSON.stringify(log, null, 2) + '\n', sarif);
    }
    setOutput('sarif-file', sarif);
  }
  if (existsSync(files.json)) {
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as JsonReport;
    const servers = report.servers ?? [];
    // Several servers: the outputs give the lowest score, the one a threshold cares about.
    const worst = servers.reduce<(typeof servers)[number] | undefined>(
      (low, s) => (low === undefined || (s.score ?? 0) < (low.score ?? 0) ? s : low),
      undefined,
    );
    if (worst?.score !== undefined) setOutput('score', worst.score);
    if (worst?.grade) setOutput('grade', worst.grade);
    setOutput('errors', report.summary?.error ?? 0);
    setOutput('warnings', report.summary?.warning ?? 0);
    setOutput('notes', report.summary?.note ?? 0);
    setOutput('baselined', report.summary?.baselined ?? 0);
    setOutput('ignored', report.summary?.ignored ?? 0);
  }
  return code;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
