/**
 * The README's commands do what it says. Every line of its ```sh blocks runs against the built CLI,
 * in README order, and exits as the line says: 0, unless its comment says "exits N". `node
 * dist/bin/mcplint.js …` runs in the repository; `npx mcplint …` in a scratch project like the one
 * the README addresses, whose package.json `bin` is `dist/index.js` and whose server is the
 * exemplary fixture. A line that cannot run offline is listed below with the reason.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { blocks, commands, type DocCommand, statedExit, words } from './helpers/doc-commands.js';

/** README lines that are not run, each with why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'npm install && npm start': 'npm install needs the registry; what npm start prints is checked below',
  'npm test': 'runs this very suite',
  'npm install --save-dev mcplint': 'needs the registry',
  'npx mcplint --url http://127.0.0.1:3000/mcp': 'needs a server listening on port 3000',
  'git add mcplint.baseline.json': 'needs a git repository of the project; it only stages the file',
};

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** A scratch project: its dist/index.js starts the exemplary server. */
function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-readme-'));
  mkdirSync(join(dir, 'dist'));
  const server = pathToFileURL(join(ROOT, 'fixtures', 'exemplary-server', 'server.mjs')).href;
  writeFileSync(join(dir, 'dist', 'index.js'), `import ${JSON.stringify(server)};\n`);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'notes-server', version: '1.0.0', type: 'module', bin: { 'notes-server': 'dist/index.js' } }, null, 2)}\n`,
  );
  return dir;
}

const all = blocks(readme, 'sh').flatMap(commands);
const project = scratchProject();
const cache = mkdtempSync(join(tmpdir(), 'mcplint-readme-cache-'));
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

/** Runs one README command line against the built CLI. */
async function run(command: DocCommand): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [first, second, ...rest] = words(command.line);
  const [args, cwd] =
    first === 'node' && second === 'dist/bin/mcplint.js'
      ? [rest, ROOT]
      : first === 'npx' && second === 'mcplint'
        ? [rest, project]
        : [undefined, ROOT];
  if (args === undefined) throw new Error(`${command.line}: not an mcplint command; list it in NOT_RUN with the reason`);
  return runCli(args, { cwd, env: { MCPLINT_CACHE_DIR: cache }, timeoutMs: 120_000 });
}

describe('README commands', () => {
  it('lists only README lines as not run', () => {
    const lines = new Set(all.map((c) => c.line));
    expect(Object.keys(NOT_RUN).filter((line) => !lines.has(line))).toEqual([]);
    expect(all.filter((c) => NOT_RUN[c.line] === undefined).length).toBeGreaterThan(8);
  });

  it('each runs and exits as the README says', async () => {
    const failures: string[] = [];
    for (const command of all) {
      if (NOT_RUN[command.line] !== undefined) continue;
      const expected = statedExit(command);
      const result = await run(command);
      if (result.code !== expected) failures.push(`${command.line}: exit ${result.code}, README says ${expected}\n${result.stderr}`);
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('"See a finding" prints what the README shows (abridged; durations vary)', async () => {
    const section = readme.slice(readme.indexOf('### See a finding'), readme.indexOf('\n## ', readme.indexOf('### See a finding')));
    const [command] = commands(blocks(section, 'sh')[0]!);
    const shown = blocks(section, 'text')[0]!
      .split('\n')
      .filter((line) => line.trim() !== '');
    const result = await run(command!);
    const seconds = (text: string): string => text.replace(/\d+(?:\.\d+)? s\)/g, 'N s)');
    const printed = seconds(result.stdout).split('\n');
    let at = 0;
    for (const line of shown) {
      const found = printed.indexOf(seconds(line), at);
      expect(found, `README line not printed (in this order): ${line}\n\n${result.stdout}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  }, 120_000);

  it('npm start prints the clean report the README names, and npm test does what it says', async () => {
    const claim = /`npm start` prints a clean report \(`([^`]+)`\) and exits 0/.exec(readme);
    expect(claim, 'the README says what npm start prints').not.toBeNull();
    // npm start builds, then runs the bin on the exemplary server; the build is the suite's own.
    const steps = pkg.scripts.start!.split('&&').map((s) => s.trim());
    expect(steps[0]).toBe('npm run build --silent');
    const [node, bin, ...args] = words(steps[1]!);
    expect([node, bin]).toEqual(['node', 'dist/bin/mcplint.js']);
    const result = await runCli(args, { env: { MCPLINT_CACHE_DIR: cache }, timeoutMs: 120_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(claim![1]);
    // "builds, type-checks and runs the test suite": the build and the type-check side by side (scripts/checks.ts), then vitest.
    expect(pkg.scripts.test).toBe('node --import tsx scripts/checks.ts && vitest run');
    const checks = readFileSync(join(ROOT, 'scripts', 'checks.ts'), 'utf8');
    for (const step of ['build', 'typecheck']) expect(checks).toContain(`['${step}', ['run', '--silent', '${step}']]`);
  }, 120_000);
});
