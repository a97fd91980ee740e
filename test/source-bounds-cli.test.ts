/**
 * Source indexing cannot stall a lint (built bin, real Python servers on the SDK stand-in): a
 * module over the size cap is left out and named in a note; an index that never finishes (a test
 * preload makes the indexing worker hang, helpers/stuck-source-index.mjs) is abandoned at its
 * deadline and the lint reports without source mapping; and SIGINT while it hangs ends mcplint at
 * once, with the signal's exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { signalExitCode } from '../src/cli/signals.js';
import { SOURCE_LIMITS } from '../src/source/limits.js';
import { ROOT } from './helpers/capture.js';
import { CLI, runCli } from './helpers/cli.js';
import { PY } from './helpers/python.js';

const SLOW = 120_000;
const STUCK = pathToFileURL(join(ROOT, 'test', 'helpers', 'stuck-source-index.mjs')).href;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SERVER = `from fastmcp import FastMCP

mcp = FastMCP("bounded-mcp-server")


@mcp.tool
def bounded_echo(text: str) -> str:
    """Echo the text back."""
    return text


def _never_called():
    import big  # noqa: F401


if __name__ == "__main__":
    mcp.run()
`;

/** A FastMCP project in a temporary folder; `big.py` only when asked, just over the size cap. */
function pythonProject(withBigModule: boolean): { dir: string; command: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-source-bounds-cli-'));
  made.push(dir);
  writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "bounded"\nversion = "1.0.0"\n');
  writeFileSync(join(dir, 'server.py'), SERVER);
  if (withBigModule) writeFileSync(join(dir, 'big.py'), `# generated\n${'#'.repeat(SOURCE_LIMITS.fileBytes)}\n`);
  return { dir, command: ['env', `PYTHONPATH=${join(PY, 'stubs')}`, 'python3', join(dir, 'server.py')] };
}

type Report = { servers: { notes: string[]; findings: { subject: { name?: string }; location?: { uri: string; anchor: string } }[] }[] };

/** Where the findings about the project's one tool are located: `source` (mapped to its lines) or `entry` (not mapped). */
const toolAnchors = (report: Report) =>
  new Set(
    report.servers[0]!.findings.filter((f) => f.subject.name === 'bounded_echo').map((f) => `${f.location?.uri} ${f.location?.anchor}`),
  );

describe('bounded source indexing, from the CLI', () => {
  it(
    'names a module over the size cap in a note, and maps the rest',
    async () => {
      const { dir, command } = pythonProject(true);
      const r = await runCli(['--format', 'json', '--no-cache', '--', ...command], { cwd: dir, timeoutMs: SLOW });
      const report = JSON.parse(r.stdout) as Report;
      expect(report.servers[0]!.notes).toContain(
        'source mapping left out 1 file over the 1 MiB size cap (big.py); findings in what they register are located at the entry file',
      );
      expect(toolAnchors(report)).toEqual(new Set(['server.py source']));
    },
    SLOW,
  );

  it(
    'abandons an index that never finishes at its deadline, and reports without source mapping',
    async () => {
      const { dir, command } = pythonProject(false);
      const marker = join(dir, 'stuck');
      const r = await runCli(['--format', 'json', '--no-cache', '--', ...command], {
        cwd: dir,
        // The deadline lowered to 8 s: the hung index busy-loops a core until it, and any deadline shows the same.
        env: { NODE_OPTIONS: `--import ${STUCK}`, MCPLINT_TEST_STUCK_INDEX: marker, MCPLINT_TEST_INDEX_DEADLINE_MS: '8000' },
        timeoutMs: SLOW,
      });
      expect(readFileSync(marker, 'utf8')).toBe('python\n'); // the Python index ran in the worker, and hung there
      expect([0, 1]).toContain(r.code);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.servers[0]!.notes).toContain(
        'source mapping skipped: indexing exceeded 8 s; findings are located at the entry file instead',
      );
      expect(toolAnchors(report)).toEqual(new Set(['server.py entry']));
    },
    SLOW,
  );

  it(
    'ends at once on SIGINT while the index hangs, with the signal exit code',
    async () => {
      const { dir, command } = pythonProject(false);
      const marker = join(dir, 'stuck');
      const child = spawn(process.execPath, [CLI, '--no-cache', '--', ...command], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import ${STUCK}`, MCPLINT_TEST_STUCK_INDEX: marker },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      try {
        for (let i = 0; i < 600 && !existsSync(marker) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
        expect(existsSync(marker), stderr).toBe(true);
        child.kill('SIGINT');
        // Only the failure condition, not a measurement: generous for a loaded machine, far below
        // the index deadline, so a lint that ignored the signal until then would fail here.
        const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SOURCE_LIMITS.deadlineMs / 2).unref());
        expect(await Promise.race([exited, late])).toBe(signalExitCode('SIGINT'));
        expect(stderr).toContain('mcplint: interrupted (SIGINT)');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
    SLOW,
  );
});
