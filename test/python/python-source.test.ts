/**
 * Python servers, source-mapped: findings about a FastMCP project's tools land on their decorator
 * lines (or the docstring / parameter line for those pointers), print() on its own line, a raise
 * on the raise — through lint(), and in text, JSON and SARIF from the CLI. The fixtures run on a
 * standard-library stand-in for the SDK (fixtures/python/README.md).
 */
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { lint } from '../../src/session/lint.js';
import { runCli } from '../helpers/cli.js';
import { assertValidSarif } from '../helpers/github-sarif.js';
import { LAUNCH, PY } from '../helpers/python.js';

const SLOW = 90_000;

type Located = {
  ruleId: string;
  messageId: string;
  subject: { kind: string; name?: string; pointer?: string };
  message: string;
  location: { uri: string; startLine: number; startColumn?: number; anchor: string };
};
const key = (f: Located) =>
  `${f.ruleId} ${f.messageId} ${f.subject.kind === 'server' || f.subject.kind === 'transport' ? f.subject.kind : `${f.subject.kind}:${f.subject.name}${f.subject.pointer ? '#' + f.subject.pointer : ''}`}`;
const where = (f: Located) => `${f.location.uri}:${f.location.startLine} (${f.location.anchor})`;

async function findingsOf(command: readonly string[]): Promise<Located[]> {
  const { report } = await lint({ cwd: PY, rules, command: [...command], noConfig: true, noCache: true });
  return report.servers[0]!.findings as unknown as Located[];
}

/** Finding key → place; a key reported twice (two stdout writes) lists its places with ` + `. */
async function placesOf(command: readonly string[]): Promise<Record<string, string>> {
  const places: Record<string, string> = {};
  for (const f of await findingsOf(command)) places[key(f)] = places[key(f)] ? `${places[key(f)]} + ${where(f)}` : where(f);
  return places;
}

describe('a Python server through lint()', () => {
  it(
    'FastMCP (src layout, python -m): decorators, add_tool, prompts, resources, docstrings, parameters, print and raise',
    async () => {
      const W = 'weather-app/src/weather_mcp';
      expect(await placesOf(LAUNCH.weather)).toMatchObject({
        // @mcp.tool() — the decorator line; a parameter on its place in the signature.
        'tool-annotations-present missing tool:weather_get_forecast': `${W}/tools.py:11 (source)`,
        'parameter-description-present missing tool:weather_get_forecast#/inputSchema/properties/city': `${W}/tools.py:12 (source)`,
        // @mcp.tool(name=…): a parameter with a Pydantic Field is fine; the raise is on its line.
        'source-handler-throws raises tool:weather_get_alerts': `${W}/tools.py:27 (source)`,
        // @mcp.tool("name")
        'tool-annotations-present missing tool:weather_get_station': `${W}/tools.py:31 (source)`,
        // mcp.add_tool(fn, name=…): the name argument.
        'tool-annotations-present missing tool:weather_convert_units': `${W}/tools.py:42 (source)`,
        // print() in a tool that never ran during the lint, located on its own line.
        'source-stdout-write writePython transport': `${W}/tools.py:16 (source)`,
        'source-no-response-limit missing server': 'weather-app/pyproject.toml:2 (manifest)',
      });
    },
    SLOW,
  );

  it(
    'the raise finding names the raise line and says what FastMCP sends',
    async () => {
      const raise = (await findingsOf(LAUNCH.weather)).find((f) => f.ruleId === 'source-handler-throws')!;
      expect(raise.message).toContain('raises at src/weather_mcp/tools.py:27');
      expect(raise.message).toContain('FastMCP turns the exception into isError carrying only its message');
    },
    SLOW,
  );

  it(
    'standalone fastmcp (bare @mcp.tool): stdout logging, a blocking call in an async tool, a limit constant',
    async () => {
      const places = await placesOf(LAUNCH.standalone);
      expect(places).toMatchObject({
        'tool-annotations-present missing tool:notes_read_note': 'standalone-app/server.py:14 (source)',
        'tool-annotations-present missing tool:notes_fetch_remote': 'standalone-app/server.py:20 (source)',
        'source-stdout-write writePython transport': 'standalone-app/server.py:6 (source) + standalone-app/server.py:32 (source)',
        'source-sync-network-call blocking tool:notes_fetch_remote': 'standalone-app/server.py:27 (source)',
      });
      expect(Object.keys(places).some((k) => k.startsWith('source-no-response-limit'))).toBe(false);
    },
    SLOW,
  );

  it(
    'the low-level Server: Tool(name=…) literals, schema properties, call_tool branches, a loose Pydantic model',
    async () => {
      expect(await placesOf(LAUNCH.lowlevel)).toMatchObject({
        'tool-annotations-present missing tool:ledger_add_entry': 'lowlevel-app/server.py:17 (source)',
        'parameter-description-present missing tool:ledger_add_entry#/inputSchema/properties/amount': 'lowlevel-app/server.py:23 (source)',
        'source-handler-throws raises tool:ledger_balance': 'lowlevel-app/server.py:44 (source)',
        'source-loose-zod ignores tool:ledger_add_entry#/inputSchema': 'lowlevel-app/server.py:19 (source)',
      });
    },
    SLOW,
  );
});

describe('a Python server from the CLI', () => {
  it(
    'text, JSON and SARIF carry the same file and line',
    async () => {
      const args = ['--no-cache', '--', ...LAUNCH.weather];
      const [textRun, jsonRun, sarifRun] = await Promise.all(
        [
          ['--format', 'text'],
          ['--format', 'json'],
          ['--format', 'sarif'],
        ].map((format) => runCli([...format, ...args], { cwd: PY, timeoutMs: SLOW })),
      );
      expect(textRun!.stdout).toContain('weather-app/src/weather_mcp/tools.py:16');
      const doc = JSON.parse(jsonRun!.stdout) as { servers: { findings: Located[] }[] };
      const print = doc.servers[0]!.findings.find((f) => f.ruleId === 'source-stdout-write')!;
      expect(where(print)).toBe('weather-app/src/weather_mcp/tools.py:16 (source)');
      const log = JSON.parse(sarifRun!.stdout) as Log;
      assertValidSarif(log);
      const results = log.runs[0]!.results!;
      const at = (ruleId: string) => results.find((r) => r.ruleId === ruleId)!.locations![0]!.physicalLocation!;
      // SARIF paths are relative to the repository root (%SRCROOT%), not the working directory: GitHub resolves them from there.
      expect(at('source-stdout-write').artifactLocation).toEqual({
        uri: 'fixtures/python/weather-app/src/weather_mcp/tools.py',
        uriBaseId: '%SRCROOT%',
      });
      expect(at('source-stdout-write').region!.startLine).toBe(16);
      expect(at('source-handler-throws').region!.startLine).toBe(27);
    },
    SLOW,
  );
});
