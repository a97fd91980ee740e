/**
 * The large untrusted-input cases of issue #23, measured: each is generated in a temporary folder
 * (removed afterwards) and linted by the built CLI, once under GNU time for the exit code, the
 * first stderr line, the wall time and the peak RSS (bench-peak-memory.ts), and once more with
 * SIGINT sent while it runs, for how long it takes to exit and with which code (src/cli/signals.ts).
 * Cases run one at a time: several take hundreds of MB.
 * Run: npm run bench:untrusted [-- words…] (only the cases whose names contain one of the words).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { signalExitCode } from '../src/cli/signals.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { measureNode, type Measured } from './bench-peak-memory.js';

const CLI = join(PACKAGE_ROOT, 'dist', 'bin', 'mcplint.js');
const NODE = process.execPath;
const CLEAN_SERVER = join(PACKAGE_ROOT, 'fixtures', 'clean-server.mjs');
const MANY_TOOLS_SERVER = join(PACKAGE_ROOT, 'fixtures', 'probes', 'many-tools.mjs');
const RAW_SERVER = pathToFileURL(join(PACKAGE_ROOT, 'fixtures', 'lib', 'raw-server.mjs')).href;
const PYTHON_STUBS = join(PACKAGE_ROOT, 'fixtures', 'python', 'stubs');

/** The limits of issue #23's "Done when". */
const LIMITS = { peakMB: 1500, wallMs: 60_000, sigintMs: 1000 } as const;
/** When SIGINT is sent, unless the case says otherwise or the run is shorter. */
const SIGINT_AFTER_MS = 1500;
/** A run still going after this is killed and counted as failed. */
const DEADLINE_MS = 300_000;
/** How long the SIGINT run may take to exit before it is killed. */
const SIGINT_GRACE_MS = 10_000;

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The folder of the group's inputs it runs in, if not their root. */
  readonly cwd?: string;
  /** When to send SIGINT, if not SIGINT_AFTER_MS: when the run is in its heavy phase. */
  readonly sigintAfterMs?: number;
}

/** Cases that share one folder of inputs, built once. */
interface Group {
  readonly build: (dir: string) => void | Promise<void>;
  readonly cases: readonly Case[];
}

const MB = 1e6;
const sparse = (path: string, bytes: number) => (writeFileSync(path, ''), truncateSync(path, bytes));
const tool = (name: string) => ({ name, description: `Get ${name}.`, inputSchema: { type: 'object' } });
const lintClean = ['--no-probes', '--', NODE, CLEAN_SERVER] as const;

/** A runnable raw-stdio server (the clean bookstore) whose entry also holds `body`. */
const jsServer = (body: string) => `import { serveRaw } from ${JSON.stringify(RAW_SERVER)};\n${body}\nserveRaw();\n`;

/** A FastMCP server (the SDK stand-in in fixtures/python/stubs) that names `module` only in an import it never runs. */
const pythonServer = (module: string) =>
  [
    'from fastmcp import FastMCP',
    '',
    'mcp = FastMCP("bench-untrusted-mcp-server")',
    '',
    '',
    '@mcp.tool',
    'def bench_echo(text: str) -> str:',
    '    """Echo the text back."""',
    '    return text',
    '',
    '',
    'def _never_called():',
    `    import ${module}  # noqa: F401`,
    '',
    '',
    'if __name__ == "__main__":',
    '    mcp.run()',
    '',
  ].join('\n');

function pythonProject(dir: string, module: string, text: string): void {
  writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "bench-untrusted"\nversion = "1.0.0"\n');
  writeFileSync(join(dir, 'server.py'), pythonServer(module));
  writeFileSync(join(dir, `${module}.py`), text);
}
const lintPython = ['--no-cache', '--', 'env', `PYTHONPATH=${PYTHON_STUBS}`, 'python3', 'server.py'] as const;

/** The text of `bytes` bytes made of `unit` repeated. */
const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

/** A bare listing of `count` tools; `file` names the server in a report. */
function bareListing(count: number): string {
  return JSON.stringify({ tools: Array.from({ length: count }, (_, i) => tool(`s${i}_get_item`)) });
}

/** Reports of the merge cases: one real lint of a bare listing, about 124 MB as JSON, under three file names. */
function mergeReports(dir: string): void {
  // About 2.66 KB of report per tool of this shape.
  writeFileSync(join(dir, 'a.json'), JSON.stringify({ tools: Array.from({ length: 46_600 }, (_, i) => tool(`T${i}`)) }));
  execFileSync(NODE, [CLI, '--from', 'a.json', '--format', 'json', '-o', 'report-a.json'], { cwd: dir, stdio: 'ignore' });
  const report = readFileSync(join(dir, 'report-a.json'), 'utf8');
  // The same lint as if of b.json and c.json: other servers to merge (same length, same size).
  for (const name of ['b', 'c']) writeFileSync(join(dir, `report-${name}.json`), report.replaceAll('"a.json"', `"${name}.json"`));
}

const GROUPS: readonly Group[] = [
  {
    build: (dir) => execFileSync('mkfifo', [join(dir, 'package.json')]),
    cases: [
      { name: 'FIFO package.json: lint', args: lintClean },
      { name: 'FIFO package.json: init', args: ['init'] },
    ],
  },
  {
    build: (dir) => symlinkSync('/dev/zero', join(dir, 'package.json')),
    cases: [
      { name: '/dev/zero linked as package.json: lint', args: lintClean },
      { name: '/dev/zero linked as package.json: init', args: ['init'] },
    ],
  },
  {
    build: (dir) => execFileSync('mkfifo', [join(dir, 'out.txt')]),
    cases: [{ name: 'FIFO as the -o output', args: ['-o', 'out.txt', ...lintClean] }],
  },
  {
    // 60,000 `from x import (` lines that never close: each made the former scanner rescan the rest.
    build: (dir) => pythonProject(dir, 'hostile', `import json  # noqa: F401\n${'from x import (\n'.repeat(60_000)}`),
    cases: [{ name: 'Python module named in an import, rescan-shaped (960 KB)', args: lintPython }],
  },
  {
    build: (dir) => pythonProject(dir, 'big', repeatTo('def f(x):\n    return x\n\n\n', 41 * MB)),
    cases: [{ name: 'Python module of 41 MB', args: lintPython }],
  },
  {
    build: (dir) => {
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
      writeFileSync(join(dir, 'server.mjs'), jsServer(`const text = \`${repeatTo('import ', 1.8 * MB)}\`;`));
      mkdirSync(join(dir, 'near-cap'));
      // Just under the 1 MiB source-file cap (src/source/limits.ts), so this one is scanned.
      writeFileSync(join(dir, 'near-cap', 'server.mjs'), jsServer(`const text = \`${repeatTo('import ', 1_040_000)}\`;`));
    },
    cases: [
      { name: 'JS entry, template literal of `import` words (1.8 MB)', args: ['--no-cache', '--', NODE, 'server.mjs'] },
      { name: 'JS entry, same, 1.04 MB (under the 1 MiB cap: scanned)', args: ['--no-cache', '--', NODE, 'near-cap/server.mjs'] },
    ],
  },
  {
    build: (dir) => {
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
      writeFileSync(join(dir, 'server.mjs'), jsServer("import './big.mjs';"));
      writeFileSync(join(dir, 'big.mjs'), repeatTo('export const value = [1, 2, 3].map((n) => n * 2);\n', 24 * MB));
    },
    cases: [{ name: 'JS module of 24 MB imported by the entry', args: ['--no-cache', '--', NODE, 'server.mjs'] }],
  },
  {
    build: (dir) => {
      const args = Array.from({ length: 30_000 }, () => '${BIG_VALUE}');
      writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { amp: { command: 'node', args } } }));
    },
    cases: [
      {
        name: 'client config: a 120 KB variable referenced 30,000 times',
        args: ['--config-file', 'mcp.json'],
        env: { BIG_VALUE: 'v'.repeat(120 * 1024) },
      },
    ],
  },
  {
    build: (dir) => {
      mkdirSync(join(dir, 'node'));
      sparse(join(dir, 'node', 'package.json'), 300 * MB);
      mkdirSync(join(dir, 'python'));
      sparse(join(dir, 'python', 'pyproject.toml'), 600 * MB);
    },
    cases: [
      { name: 'init, package.json of 300 MB (sparse)', args: ['init'], cwd: 'node' },
      { name: 'init, pyproject.toml of 600 MB (sparse)', args: ['init'], cwd: 'python' },
    ],
  },
  {
    build: mergeReports,
    cases: [
      { name: 'merge of three 124 MB reports', args: ['merge', 'report-a.json', 'report-b.json', 'report-c.json'] },
      { name: 'merge of two 124 MB reports (under the 256 MiB total cap)', args: ['merge', 'report-a.json', 'report-b.json'] },
    ],
  },
  {
    build: (dir) => {
      const servers = Object.fromEntries(
        Array.from({ length: 10_000 }, (_, i) => [
          `server_${i}`,
          [tool(i < 2 ? 'shared_get_item' : `s${i}_get_item`), tool(`s${i}_list_items`), tool(`s${i}_search_items`)],
        ]),
      );
      writeFileSync(join(dir, 'servers.json'), JSON.stringify(servers));
      writeFileSync(join(dir, 'tools.json'), bareListing(200_000));
    },
    cases: [
      { name: '--from a guide-style tools.json of 10,000 servers', args: ['--from', 'servers.json'] },
      { name: '--from a bare listing of 200,000 tools', args: ['--from', 'tools.json'] },
    ],
  },
  {
    build: () => undefined,
    // Through `env`: mcplint passes a server only the environment its config names.
    cases: [{ name: 'a server listing 10,000 tools (probes on)', args: ['--', 'env', 'MANY_TOOLS=10000', NODE, MANY_TOOLS_SERVER] }],
  },
  {
    build: (dir) => {
      writeFileSync(join(dir, 'tools.json'), bareListing(3));
      const entries = Array.from({ length: 400_000 }, (_, i) => ({
        fingerprint: `f${i}`,
        rule: 'tool-name-verb',
        subject: `tool:t${i}`,
        message: 'gone',
        reason: '',
      }));
      writeFileSync(join(dir, 'baseline.json'), JSON.stringify({ version: 1, entries }));
    },
    cases: [
      { name: '400,000 stale baseline entries, text', args: ['--from', 'tools.json', '--baseline', 'baseline.json'] },
      {
        name: '400,000 stale baseline entries, Markdown',
        args: ['--from', 'tools.json', '--baseline', 'baseline.json', '--format', 'markdown'],
      },
    ],
  },
];

interface Interrupted {
  readonly afterMs: number;
  /** From SIGINT to the exit; undefined when the run ended before the signal was sent. */
  readonly latencyMs?: number;
  /** The exit code, or the name of the signal that ended the process. */
  readonly exit: string;
}

/** Run the case again and send SIGINT after `afterMs`: how long mcplint then takes to exit. */
function interrupt(args: readonly string[], env: Readonly<Record<string, string>>, cwd: string, afterMs: number): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, NO_COLOR: '1', ...env },
      detached: true,
    });
    let sentAt: number | undefined;
    const signal = setTimeout(() => {
      sentAt = performance.now();
      child.kill('SIGINT');
    }, afterMs);
    const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), afterMs + SIGINT_GRACE_MS);
    child.on('error', reject);
    child.on('exit', (code, signalName) => {
      const exitedAt = performance.now();
      clearTimeout(signal);
      clearTimeout(killer);
      // Servers mcplint started are its to stop; whatever a SIGKILL left behind is ended here.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
      resolve({
        afterMs,
        ...(sentAt !== undefined ? { latencyMs: exitedAt - sentAt } : {}),
        exit: code !== null ? String(code) : String(signalName),
      });
    });
  });
}

interface Row {
  readonly name: string;
  readonly run: Measured;
  readonly interrupted: Interrupted;
}

const words = process.argv.slice(2).map((w) => w.toLowerCase());
const wanted = (c: Case) => words.length === 0 || words.some((w) => c.name.toLowerCase().includes(w));

const rows: Row[] = [];
for (const group of GROUPS) {
  const cases = group.cases.filter(wanted);
  if (cases.length === 0) continue;
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-bench-untrusted-'));
  try {
    process.stderr.write(`building inputs for: ${cases.map((c) => c.name).join('; ')}\n`);
    await group.build(dir);
    for (const c of cases) {
      process.stderr.write(`  ${c.name}…\n`);
      const env = c.env ?? {};
      const cwd = join(dir, c.cwd ?? '.');
      const run = await measureNode([CLI, ...c.args], env, { cwd, deadlineMs: DEADLINE_MS });
      // A run shorter than the delay is interrupted halfway instead, so the signal finds it running.
      const afterMs = Math.round(Math.min(c.sigintAfterMs ?? SIGINT_AFTER_MS, run.ms / 2));
      const interrupted = await interrupt(c.args, env, cwd, afterMs);
      rows.push({ name: c.name, run, interrupted });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const firstLine = (text: string) => {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};
const cell = (text: string) => text.replaceAll('|', '\\|');
// The documented code, or (a signal sent before bin.ts installs the handlers) death by SIGINT itself, which a shell reports as the same code.
const honoured = new Set([String(signalExitCode('SIGINT')), 'SIGINT']);
const sigint = ({ afterMs, latencyMs, exit }: Interrupted) =>
  latencyMs === undefined
    ? `ended first (${exit})`
    : `${(latencyMs / 1000).toFixed(2)} s after ${(afterMs / 1000).toFixed(2)} s, exit ${exit}`;
const within = (r: Row) =>
  r.run.code !== null &&
  r.run.peakMB < LIMITS.peakMB &&
  r.run.ms < LIMITS.wallMs &&
  (r.interrupted.latencyMs === undefined || (r.interrupted.latencyMs < LIMITS.sigintMs && honoured.has(r.interrupted.exit)));

const lines = [
  '| case | exit | first stderr line | wall | CPU | peak RSS | SIGINT | within limits |',
  '| ---- | ---- | ----------------- | ---- | --- | -------- | ------ | ------------- |',
  ...rows.map(
    (r) =>
      `| ${cell(r.name)} | ${r.run.code ?? 'killed'} | ${cell(firstLine(r.run.stderr)) || '(none)'} | ${(r.run.ms / 1000).toFixed(2)} s | ${r.run.cpuSeconds === undefined ? 'n/a' : `${r.run.cpuSeconds.toFixed(1)} s`} | ${Math.round(r.run.peakMB)} MB | ${sigint(r.interrupted)} | ${within(r) ? 'yes' : 'NO'} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
if (!rows.every(within)) process.exitCode = 1;
