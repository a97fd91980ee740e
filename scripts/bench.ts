/**
 * `npm run bench`: mcplint's speed, side by side with a bare SDK client, in one run. Each figure is
 * the median wall time of whole processes over BENCH_RUNS runs (default 7), measured interleaved so
 * that load on the machine hits both sides alike. Not a test: it prints a table and writes
 * .bench/results.json.
 *
 * 1. `mcplint --format json -- <server>` (every probe; target ≤ 1.0), `--no-probes` and
 *    `--no-probes --no-protocol-probes` (the SDK client's own work; ≤ 0.8) vs the SDK client
 *    (bench-sdk-client.ts) on the same server — the ratio is the figure;
 * 2. `mcplint --from` the capture of the 188-tool, 0.8 MB server of section 5, saved by a default
 *    run (target < 0.3 s), and of a generated 1,000-tool server;
 * 3. `mcplint --version` vs `node -e ''` (target < 0.2 s);
 * 4. a 10-server client config with `--jobs 4` vs the slowest of its servers linted alone;
 * 5. two servers like the large real ones (fixtures/bench/): 188 tools in a 0.8 MB `tools/list` (a mix of real shapes, fixtures/bench/realistic-tools.mjs)
 *    after ~0.5 s of start-up, and 118 tools that take 2 s to exit — mcplint by default,
 *    `--no-probes` and `--no-probes --no-protocol-probes` vs the SDK client and a raw JSON-RPC
 *    floor (bench-raw-client.ts), with min–max (targets ≤ 1.0 by default, ≤ 0.8 bare);
 * 6. `--from` 100, 1,000 and 10,000 realistic tools: time, peak memory, growth (bench-scale.ts);
 * 7. peak memory of the 188-tool lint and of flood fixtures (bench-flood-memory.ts);
 * 8. the slowest rule's share of rule time on the 188-tool fixture and on a real npm server
 *    (MCPLINT_TIMING, bench-rule-timing.ts; target ≤ 20 %).
 * BENCH_ONLY=5,7 runs only those sections. BENCH_BEFORE=<another build's dist/bin/mcplint.js> adds
 * that build's default and bare runs to sections 1 and 5 and its --from run to section 2, interleaved
 * with the rest, so a change is measured against the build before it in one run
 * (docs/performance.md, "How it is measured").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { measureMemory } from './bench-flood-memory.js';
import { slowestRule } from './bench-rule-timing.js';
import { growthIsLinear, measureScale } from './bench-scale.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
const NODE = process.execPath;
/** What the `mcplint` bin runs (the bundle, scripts/bundle.ts). */
const CLI = join(
  PACKAGE_ROOT,
  (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { bin: { mcplint: string } }).bin.mcplint,
);
const SDK_CLIENT = join(PACKAGE_ROOT, 'dist', 'scripts', 'bench-sdk-client.js');
const RAW_CLIENT = join(PACKAGE_ROOT, 'dist', 'scripts', 'bench-raw-client.js');
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const section = (n: number) => ONLY === undefined || ONLY.has(String(n));
const OUT = join(PACKAGE_ROOT, '.bench');
/** Another build of mcplint to measure beside this one (its bin file), or undefined. */
const BEFORE = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : undefined;
if (BEFORE !== undefined && !existsSync(BEFORE)) {
  process.stderr.write(`bench: BENCH_BEFORE ${BEFORE} does not exist (build that checkout first)\n`);
  process.exit(2);
}
/** The commands of the BENCH_BEFORE build: by default and bare, as `name` and `nameBare`. */
function beforeCommands(name: string, server: readonly string[]): Record<string, [string, string[]]> {
  if (BEFORE === undefined) return {};
  return {
    [name]: [NODE, [BEFORE, '--format', 'json', '--', ...server]],
    [`${name}Bare`]: [NODE, [BEFORE, '--format', 'json', '--no-probes', '--no-protocol-probes', '--', ...server]],
  };
}

/** Servers shaped like two large real ones: a 188-tool server with a 0.8 MB list, a 118-tool one slow to exit. */
const LARGE_SERVERS: Record<string, string[]> = {
  '188 tools, 0.8 MB list, 0.5 s start': [NODE, join(PACKAGE_ROOT, 'fixtures', 'bench', 'large-list-server.mjs')],
  '118 tools, exits 2 s after EOF': [NODE, join(PACKAGE_ROOT, 'fixtures', 'bench', 'slow-exit-server.mjs')],
};

const SERVERS: Record<string, string[]> = {
  exemplary: [NODE, join(PACKAGE_ROOT, 'fixtures', 'exemplary-server', 'server.mjs')],
  'server-everything': [
    NODE,
    join(PACKAGE_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
    'stdio',
  ],
};

interface Timed {
  ms: number;
  code: number | null;
  stderr: string;
}

/** Run a command to completion; wall time in ms (stdout discarded). */
function time(command: string, args: readonly string[], cwd = PACKAGE_ROOT): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stderr }));
  });
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median wall time of several commands, run interleaved RUNS times (after one warm-up run each). */
async function compare(commands: Record<string, [string, readonly string[]]>, runs = RUNS): Promise<Record<string, number>> {
  const spreads = await compareSpread(commands, runs);
  return Object.fromEntries(Object.entries(spreads).map(([k, v]) => [k, v.median]));
}

/** Like compare, with the fastest and slowest run of each command too. */
async function compareSpread(commands: Record<string, [string, readonly string[]]>, runs = RUNS): Promise<Record<string, Spread>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let round = -1; round < runs; round++) {
    for (const [name, [command, args]] of Object.entries(commands)) {
      const result = await time(command, args);
      if (result.code !== 0 && result.code !== 1) throw new Error(`${name} failed (exit ${result.code}):\n${result.stderr}`);
      if (round >= 0) samples[name]!.push(result.ms);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, { median: median(v), min: Math.min(...v), max: Math.max(...v) }]));
}

// ---------------------------------------------------------------------------------------------
// Fixtures the bench generates

/** A raw-stdio server with `count` distinct, clean tools (each schema slightly different). */
function writeManyToolServer(count: number): string {
  const file = join(OUT, `server-${count}-tools.mjs`);
  const lib = join(PACKAGE_ROOT, 'fixtures', 'lib', 'raw-server.mjs');
  writeFileSync(
    file,
    `// Generated by scripts/bench.ts: the clean bookstore tools, multiplied to ${count} distinct tools.
import { cleanTools, serveRaw } from ${JSON.stringify(lib)};
const base = cleanTools();
const tools = [];
for (let i = 0; i < ${count}; i++) {
  const tool = structuredClone(base[i % base.length]);
  const n = String(i).padStart(4, '0');
  tool.name = tool.name.replace('bookstore_', 'bookstore_shelf' + n + '_');
  tool.title = tool.title + ' (shelf ' + n + ')';
  tool.annotations.title = tool.title;
  tool.description = tool.description + ' Works on shelf ' + n + ' only.';
  for (const p of Object.values(tool.inputSchema.properties)) if (p.maxLength) p.maxLength += i;
  tools.push(tool);
}
serveRaw({ tools });
`,
  );
  return file;
}

/** Save a capture of a generated `count`-tool server; its path and size. */
async function manyToolCapture(count: number): Promise<{ file: string; bytes: number }> {
  const file = join(OUT, `capture-${count}-tools.json`);
  const made = await time(NODE, [CLI, '--format', 'json', '--save-capture', file, '--', NODE, writeManyToolServer(count)]);
  if (!existsSync(file)) throw new Error(`could not make the ${count}-tool capture:\n${made.stderr}`);
  return { file, bytes: readFileSync(file).length };
}

/** A capture of the 188-tool, 0.8 MB server, saved by a default run (probes included), as a user would save it. */
async function largeListCapture(): Promise<{ file: string; bytes: number }> {
  const file = join(OUT, 'capture-188-tools-1mb.json');
  const server = LARGE_SERVERS['188 tools, 0.8 MB list, 0.5 s start']!;
  const made = await time(NODE, [CLI, '--format', 'json', '--save-capture', file, '--', ...server]);
  if (!existsSync(file)) throw new Error(`could not capture the 188-tool server:\n${made.stderr}`);
  return { file, bytes: readFileSync(file).length };
}

/** A Claude Desktop config with 10 servers: the two benchmark servers, five times each. */
function writeTenServerConfig(): string {
  const file = join(OUT, 'ten-servers.json');
  const mcpServers: Record<string, { command: string; args: string[] }> = {};
  for (let i = 0; i < 5; i++) {
    for (const [name, [command, ...args]] of Object.entries(SERVERS)) mcpServers[`${name}-${i + 1}`] = { command: command!, args };
  }
  writeFileSync(file, JSON.stringify({ mcpServers }, null, 2));
  return file;
}

// ---------------------------------------------------------------------------------------------

interface Row {
  figure: string;
  mcplint: number | null;
  reference: number | null;
  referenceName: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
  /** mcplint's fastest–slowest run, where measured. */
  spread?: string;
  /** Peak RSS of the mcplint process, where measured. */
  peakMB?: number;
}

const fmt = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(3)} s`);
const fmtSpread = (s: Spread) => `${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  if (!existsSync(CLI) || !existsSync(SDK_CLIENT)) throw new Error('Build first: npm run build');
  mkdirSync(OUT, { recursive: true });
  const rows: Row[] = [];
  const loadBefore = loadavg()[0]!;
  process.stderr.write(
    `mcplint bench: ${RUNS} runs per figure (medians), ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)}\n`,
  );

  // 1. Live lint (every probe, protocol probes only, the bare list) vs the SDK client.
  for (const [name, server] of section(1) ? Object.entries(SERVERS) : []) {
    process.stderr.write(`  1. ${name}…\n`);
    const [command, ...args] = server as [string, ...string[]];
    const sourceMapped = name === 'exemplary'; // a local script; an installed package is not source-mapped
    const m = await compare({
      all: [NODE, [CLI, '--format', 'json', '--', command, ...args]],
      mcplint: [NODE, [CLI, '--format', 'json', '--no-probes', '--', command, ...args]],
      listOnly: [NODE, [CLI, '--format', 'json', '--no-probes', '--no-protocol-probes', '--', command, ...args]],
      ...(sourceMapped
        ? { cold: [NODE, [CLI, '--format', 'json', '--no-probes', '--no-cache', '--', command, ...args]] as [string, string[]] }
        : {}),
      sdk: [NODE, [SDK_CLIENT, command, ...args]],
      ...beforeCommands('before', [command, ...args]),
    });
    const against = (figure: string, ms: number, limit: number | null): Row => {
      const ratio = ms / m.sdk!;
      return {
        figure,
        mcplint: ms,
        reference: m.sdk!,
        referenceName: 'SDK client',
        ratio,
        target: limit === null ? 'report' : `ratio ≤ ${limit.toFixed(1)}`,
        met: limit === null ? null : ratio <= limit,
      };
    };
    // Issue #29's targets for small servers: every probe ≤ 1.0, the SDK client's own work ≤ 0.8.
    rows.push(against(`1. lint ${name} (default)`, m.all!, 1.0));
    rows.push(against('   same, --no-probes', m.mcplint!, null));
    rows.push(against('   same, --no-probes --no-protocol-probes', m.listOnly!, 0.8));
    // The first lint of a changed project: the source index is rebuilt, which loads TypeScript.
    if (m.cold !== undefined) rows.push(against('   same, source index cold (--no-cache)', m.cold, null));
    if (m.before !== undefined) rows.push(against('   BENCH_BEFORE build, default', m.before, null));
    if (m.beforeBare !== undefined) rows.push(against('   BENCH_BEFORE build, bare', m.beforeBare, null));
  }

  // 2. Saved captures: the one of the 188-tool server (target < 0.3 s), and a generated 1,000-tool one.
  if (section(2)) {
    process.stderr.write('  2. --from saved captures…\n');
    const large = await largeListCapture();
    const big = await manyToolCapture(1000);
    const from = await compareSpread({
      large: [NODE, [CLI, '--from', large.file, '--format', 'json']],
      noSource: [NODE, [CLI, '--from', large.file, '--format', 'json', '--no-source']],
      big: [NODE, [CLI, '--from', big.file, '--format', 'json']],
      ...(BEFORE === undefined ? {} : { before: [NODE, [BEFORE, '--from', large.file, '--format', 'json']] as [string, string[]] }),
    });
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    const fromRow = (figure: string, s: Spread, limitMs: number | null): Row => ({
      figure,
      mcplint: s.median,
      spread: fmtSpread(s),
      reference: null,
      referenceName: '',
      ratio: null,
      target: limitMs === null ? 'report' : `< ${limitMs / 1000} s`,
      met: limitMs === null ? null : s.median < limitMs,
    });
    rows.push(fromRow(`2. --from the 188-tool capture (${mb(large.bytes)} MB)`, from.large!, 300));
    // The server is a local script, so the default run also maps its source (cached after the first run).
    rows.push(fromRow('   same, --no-source', from.noSource!, 300));
    rows.push(fromRow(`   --from 1,000 generated tools (${mb(big.bytes)} MB)`, from.big!, null));
    if (from.before !== undefined) rows.push(fromRow('   BENCH_BEFORE build, the 188-tool capture', from.before, null));
  }

  // 3. --version vs an empty node.
  if (section(3)) {
    process.stderr.write('  3. --version…\n');
    const v = await compare({ mcplint: [NODE, [CLI, '--version']], node: [NODE, ['-e', '']] });
    rows.push({
      figure: '3. mcplint --version',
      mcplint: v.mcplint!,
      reference: v.node!,
      referenceName: "node -e ''",
      ratio: v.mcplint! / v.node!,
      target: '< 0.2 s',
      met: v.mcplint! < 200,
    });
  }

  // 4. Ten servers with --jobs 4 vs the slowest one alone.
  if (section(4)) {
    process.stderr.write('  4. 10 servers, --jobs 4…\n');
    const config = writeTenServerConfig();
    const runs = Math.max(1, Math.ceil(RUNS / 2));
    const singles = await compare(
      Object.fromEntries(
        Object.entries(SERVERS).map(([name, [command, ...args]]) => [
          name,
          [NODE, [CLI, '--format', 'json', '--no-probes', '--', command!, ...args]],
        ]),
      ) as Record<string, [string, readonly string[]]>,
      runs,
    );
    const slowest = Math.max(...Object.values(singles));
    const many = await compare({ mcplint: [NODE, [CLI, '--format', 'json', '--no-probes', '--config-file', config, '--jobs', '4']] }, runs);
    rows.push({
      figure: '4. 10 servers, --jobs 4',
      mcplint: many.mcplint!,
      reference: slowest,
      referenceName: 'slowest server alone',
      ratio: many.mcplint! / slowest,
      target: 'report',
      met: null,
    });
  }

  if (section(5)) rows.push(...(await largeServers()));
  if (section(6)) rows.push(...(await scale()));
  if (section(7)) {
    process.stderr.write('  7. peak memory…\n');
    for (const m of await measureMemory(CLI, (line) => process.stderr.write(line))) {
      const met = m.run.peakMB < m.targetMB;
      rows.push({
        figure: `7. peak memory, ${m.figure}`,
        mcplint: m.run.ms,
        reference: null,
        referenceName: '',
        ratio: null,
        target: `< ${m.targetMB} MB`,
        met,
        peakMB: m.run.peakMB,
      });
    }
  }

  // 8. No single rule over 20 % of rule time, on the realistic fixture and on a real program.
  if (section(8)) {
    process.stderr.write('  8. rule time (MCPLINT_TIMING)…\n');
    const targets: Record<string, readonly string[]> = {
      '188-tool fixture': LARGE_SERVERS['188 tools, 0.8 MB list, 0.5 s start']!,
      'server-everything': SERVERS['server-everything']!,
    };
    for (const [name, target] of Object.entries(targets)) {
      const slowest = await slowestRule(CLI, target, Math.max(3, Math.ceil(RUNS / 2)));
      rows.push({
        figure: `8. slowest rule, ${name}: ${slowest.rule} (of ${slowest.totalMs.toFixed(0)} ms)`,
        mcplint: null,
        reference: null,
        referenceName: '',
        ratio: null,
        target: `${(slowest.share * 100).toFixed(1)} % ≤ 20 %`,
        met: slowest.share <= 0.2,
      });
    }
  }

  // Table.
  const header = ['figure', 'mcplint', 'min–max', 'peak', 'reference', '', 'ratio', 'target', 'met'];
  const lines = rows.map((r) => [
    r.figure,
    fmt(r.mcplint),
    r.spread ?? '',
    r.peakMB === undefined ? '' : `${Math.round(r.peakMB)} MB`,
    fmt(r.reference),
    r.referenceName,
    r.ratio === null ? '' : `${r.ratio.toFixed(2)}×`,
    r.target,
    r.met === null ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write([row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n') + '\n');

  // The load average says how much else ran meanwhile: figures from a busy machine are not comparable.
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1e9),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
  };
  process.stderr.write(`load average before ${machine.loadAverage.before}, after ${machine.loadAverage.after}\n`);
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ date: new Date().toISOString(), runs: RUNS, machine, rows }, null, 2) + '\n');
  process.stderr.write(`Wrote ${join(OUT, 'results.json')}\n`);
}

/** 5. The two large servers, live: three mcplint modes, the SDK client and the raw floor, interleaved. */
async function largeServers(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, [command, ...args]] of Object.entries(LARGE_SERVERS) as [string, string[]][]) {
    process.stderr.write(`  5. ${name}…\n`);
    const server = [command!, ...args];
    const m = await compareSpread({
      default: [NODE, [CLI, '--format', 'json', '--', ...server]],
      noProbes: [NODE, [CLI, '--format', 'json', '--no-probes', '--', ...server]],
      listOnly: [NODE, [CLI, '--format', 'json', '--no-probes', '--no-protocol-probes', '--', ...server]],
      sdk: [NODE, [SDK_CLIENT, ...server]],
      raw: [NODE, [RAW_CLIENT, ...server]],
      ...beforeCommands('before', server),
    });
    const sdk = m.sdk!.median;
    const row = (figure: string, s: Spread, limit: number | null, referenceName = 'SDK client'): Row => ({
      figure,
      mcplint: s.median,
      spread: fmtSpread(s),
      reference: sdk,
      referenceName,
      ratio: s.median / sdk,
      target: limit === null ? 'report' : `ratio ≤ ${limit.toFixed(1)}`,
      met: limit === null ? null : s.median / sdk <= limit,
    });
    rows.push(row(`5. ${name} (default)`, m.default!, 1.0));
    rows.push(row('   same, --no-probes', m.noProbes!, null));
    rows.push(row('   same, --no-probes --no-protocol-probes', m.listOnly!, 0.8));
    if (m.before !== undefined) rows.push(row('   BENCH_BEFORE build, default', m.before, null));
    if (m.beforeBare !== undefined) rows.push(row('   BENCH_BEFORE build, bare', m.beforeBare, null));
    rows.push({ ...row('   SDK client itself', m.sdk!, null), target: '' });
    rows.push({ ...row('   raw JSON-RPC floor client', m.raw!, null), target: '' });
  }
  return rows;
}

/** 6. `--from` scale points, from a capture of the 188-tool server (tool probes off: their data names its tools). */
async function scale(): Promise<Row[]> {
  process.stderr.write('  6. --from scale points…\n');
  const base = join(OUT, 'capture-188-realistic-base.json');
  const server = LARGE_SERVERS['188 tools, 0.8 MB list, 0.5 s start']!;
  const made = await time(NODE, [CLI, '--format', 'json', '--no-probes', '--save-capture', base, '--', ...server]);
  if (!existsSync(base)) throw new Error(`could not capture the 188-tool server:\n${made.stderr}`);
  const points = await measureScale(CLI, base, OUT, (line) => process.stderr.write(line));
  const rows: Row[] = points.map((p) => ({
    figure: `6. --from ${p.tools.toLocaleString('en')} realistic tools (${p.megabytes.toFixed(1)} MB)`,
    mcplint: p.run.ms,
    reference: null,
    referenceName: '',
    ratio: null,
    target: p.tools === 10_000 ? '< 15 s, < 1 GB' : 'report',
    met: p.tools === 10_000 ? p.run.ms < 15_000 && p.run.peakMB < 1000 : null,
    peakMB: p.run.peakMB,
  }));
  const timeLinear = growthIsLinear(points, (p) => p.run.ms);
  const memoryLinear = growthIsLinear(points, (p) => p.run.peakMB);
  const last = points.at(-1)!;
  const before = points.at(-2)!;
  rows.push({
    figure: `   growth ${before.tools.toLocaleString('en')} → ${last.tools.toLocaleString('en')} tools (time; memory ${(last.run.peakMB / before.run.peakMB).toFixed(1)}×)`,
    mcplint: null,
    reference: null,
    referenceName: `time ${timeLinear ? '' : 'not '}linear, memory ${memoryLinear ? '' : 'not '}linear`,
    ratio: last.run.ms / before.run.ms,
    target: 'ratio ≤ 10 (linear)',
    met: timeLinear && memoryLinear,
  });
  return rows;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
