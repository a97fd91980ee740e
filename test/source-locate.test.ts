/**
 * Source mapping end to end: findings about tools, prompts, resources and parameters land on the
 * line that registers them (text, JSON and SARIF), --no-source and config turn it off, and neither
 * `mcplint --version` nor a --no-source run loads the TypeScript compiler.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { rules as registry } from '../rules/index.js';
import sourceHandlerThrows from '../rules/source-handler-throws.js';
import sourceLooseZod from '../rules/source-loose-zod.js';
import sourceNoResponseLimit from '../rules/source-no-response-limit.js';
import sourceStdoutWrite from '../rules/source-stdout-write.js';
import type { Rule } from '../src/engine/rule.js';
import { json } from '../src/report/formatters/json.js';
import { sarif } from '../src/report/formatters/sarif.js';
import { text } from '../src/report/formatters/text.js';
import { lint } from '../src/session/lint.js';
import type { LintReport } from '../src/report/report.js';
import { ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { assertGitHubIngestible, assertValidSarif } from './helpers/github-sarif.js';

const node = process.execPath;
// Real servers and the TypeScript compiler: one test at a time, with room on a busy machine.
const SLOW = 90_000;
const PROJECT = 'fixtures/source-project';
const SOURCE_RULES: Rule[] = [sourceHandlerThrows, sourceLooseZod, sourceNoResponseLimit, sourceStdoutWrite];
/** The registry plus the source rules (whether or not the registry already lists them). */
const RULES: Rule[] = [...registry.filter((r) => !SOURCE_RULES.some((s) => s.id === r.id)), ...SOURCE_RULES].sort((a, b) =>
  a.id < b.id ? -1 : 1,
);

type Located = {
  ruleId: string;
  messageId: string;
  subject: { kind: string; name?: string; pointer?: string };
  message: string;
  location: { uri: string; startLine: number; startColumn?: number; anchor: string };
};

const key = (f: Located) =>
  `${f.ruleId} ${f.messageId} ${f.subject.kind === 'server' || f.subject.kind === 'transport' ? f.subject.kind : `${f.subject.kind}:${f.subject.name}${f.subject.pointer ? '#' + f.subject.pointer : ''}`}`;
const where = (f: Located) =>
  `${f.location.uri}:${f.location.startLine}${f.location.startColumn ? `:${f.location.startColumn}` : ''} (${f.location.anchor})`;
const placesOf = (findings: readonly Located[]) => Object.fromEntries(findings.map((f) => [key(f), where(f)]));

async function lintFixture(
  script: string,
  extra: { rules?: Rule[]; noSource?: boolean; project?: string; configFile?: string; cwd?: string } = {},
): Promise<LintReport> {
  const { report } = await lint({
    cwd: extra.cwd ?? ROOT,
    rules: extra.rules ?? RULES,
    command: [node, script],
    ...(extra.configFile ? { configFile: extra.configFile } : { noConfig: true }),
    ...(extra.noSource ? { noSource: true } : {}),
    ...(extra.project ? { project: extra.project } : {}),
  });
  return report;
}

describe('source mapping through lint()', () => {
  it(
    'puts every finding about the TypeScript project on its source line (built entry, source maps)',
    async () => {
      const report = await lintFixture(`${PROJECT}/dist/index.js`);
      const findings = report.servers[0]!.findings as unknown as Located[];
      expect(placesOf(findings)).toMatchObject({
        'tool-annotations-present missing tool:ledger_add_entry': `${PROJECT}/src/tools/entries.ts:61:5 (source)`,
        'input-schema-strict open tool:ledger_list_accounts#/inputSchema': `${PROJECT}/src/tools/accounts.ts:13:5 (source)`,
        'parameter-description-present missing tool:ledger_list_entries#/inputSchema/properties/account': `${PROJECT}/src/tools/entries.ts:26:11 (source)`,
        // Source findings land on the fact itself: the throw, the stdout write (not the registration or the manifest).
        'source-handler-throws sdk tool:ledger_get_entry': `${PROJECT}/src/tools/entries.ts:55:19 (source)`,
        'source-stdout-write write transport': `${PROJECT}/src/index.ts:14:3 (source)`,
      });
      const write = findings.find((f) => f.ruleId === 'source-stdout-write')!;
      expect(write.message).toContain('console.log at src/index.ts:14');
      for (const f of findings) if (f.subject.kind === 'tool') expect(where(f)).toMatch(new RegExp(`^${PROJECT}/src/.*\\(source\\)$`));
      expect(findings.some((f) => f.ruleId === 'source-no-response-limit' || f.ruleId === 'source-loose-zod')).toBe(false);
    },
    SLOW,
  );

  it(
    'maps the low-level entry of the same project: tools declared in src/catalog.ts',
    async () => {
      const report = await lintFixture(`${PROJECT}/dist/legacy.js`);
      expect(placesOf(report.servers[0]!.findings as unknown as Located[])).toMatchObject({
        'parameter-description-present missing tool:ledger_export_entries#/inputSchema/properties/account': `${PROJECT}/src/catalog.ts:38:9 (source)`,
        'source-handler-throws protocol tool:ledger_export_entries': `${PROJECT}/src/legacy.ts:27:39 (source)`,
      });
    },
    SLOW,
  );

  it(
    'locates the plain-JS server: loop registrations, prompt arguments, resources by URI',
    async () => {
      const report = await lintFixture('fixtures/source-js/server.mjs');
      expect(placesOf(report.servers[0]!.findings as unknown as Located[])).toMatchObject({
        'parameter-description-present missing tool:recipes_get_recipe#/inputSchema/properties/recipe_id':
          'fixtures/source-js/tools.mjs:51:11 (source)',
        'prompt-description-present argumentMissing prompt:recipes_plan_menu#/arguments/0': 'fixtures/source-js/server.mjs:19:19 (source)',
        'resource-metadata missingDescription resource:recipes://catalogue': 'fixtures/source-js/server.mjs:25:3 (source)',
      });
    },
    SLOW,
  );

  it(
    'locates the low-level server and reports its source defects',
    async () => {
      const report = await lintFixture('fixtures/source-lowlevel/server.mjs');
      const findings = report.servers[0]!.findings as unknown as Located[];
      expect(placesOf(findings)).toMatchObject({
        'source-handler-throws protocol tool:weather_get_forecast': 'fixtures/source-lowlevel/server.mjs:74:13 (source)',
        'source-loose-zod strips tool:weather_get_forecast#/inputSchema': 'fixtures/source-lowlevel/server.mjs:40:5 (source)',
        'response-format-offered missing tool:weather_get_current#/inputSchema': 'fixtures/source-lowlevel/server.mjs:24:5 (source)',
      });
      expect(placesOf(findings)['source-stdout-write write transport']).toBe('fixtures/source-lowlevel/server.mjs:84:3 (source)');
      expect(findings.find((f) => f.ruleId === 'source-loose-zod')!.message).toContain('fixtures/source-lowlevel/server.mjs:61');
      expect(findings.find((f) => f.ruleId === 'source-stdout-write')!.message).toContain(
        'process.stdout.write at fixtures/source-lowlevel/server.mjs:84',
      );
    },
    SLOW,
  );

  it(
    'shows the source line in text, JSON and SARIF',
    async () => {
      const report = await lintFixture(`${PROJECT}/dist/index.js`);
      const context = { rules: RULES, color: false };
      expect(text(report, context)).toContain(`tool "ledger_add_entry"  ${PROJECT}/src/tools/entries.ts:61`);
      const doc = JSON.parse(json(report, context)) as { servers: { findings: Located[] }[] };
      expect(where(doc.servers[0]!.findings.find((f) => f.ruleId === 'source-handler-throws')!)).toBe(
        `${PROJECT}/src/tools/entries.ts:55:19 (source)`,
      );
      const log = JSON.parse(sarif(report, context)) as Log;
      assertValidSarif(log);
      assertGitHubIngestible(log);
      const result = log.runs[0]!.results!.find((r) => r.ruleId === 'source-handler-throws')!;
      expect(result.locations![0]!.physicalLocation).toMatchObject({
        artifactLocation: { uri: `${PROJECT}/src/tools/entries.ts` },
        region: { startLine: 55, startColumn: 19 },
      });
    },
    SLOW,
  );

  it(
    'keeps fingerprints when source mapping is turned off (they never depend on lines)',
    async () => {
      const [on, off] = await Promise.all([
        lintFixture(`${PROJECT}/dist/index.js`),
        lintFixture(`${PROJECT}/dist/index.js`, { noSource: true }),
      ]);
      const prints = (r: LintReport) =>
        r.servers[0]!.findings.filter((f) => !f.ruleId.startsWith('source-'))
          .map((f) => f.fingerprint)
          .sort();
      expect(prints(off)).toEqual(prints(on));
      const located = off.servers[0]!.findings.find((f) => f.ruleId === 'tool-annotations-present')!;
      expect(located.location).toMatchObject({ uri: `${PROJECT}/dist/index.js`, startLine: 1, anchor: 'entry' });
      // Without a source index the source rules are skipped, not passed.
      expect(off.servers[0]!.skipped.map((s) => s.ruleId)).toEqual(expect.arrayContaining(SOURCE_RULES.map((r) => r.id)));
    },
    SLOW,
  );

  it(
    'honours config source.project and source.enabled',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcplint-source-config-'));
      const script = join(ROOT, PROJECT, 'dist', 'index.js');
      const projectConfig = join(dir, 'mcplint.config.json');
      writeFileSync(projectConfig, JSON.stringify({ source: { project: join(ROOT, PROJECT, 'src') } }));
      // The project is src/ itself (no entry inside it: the whole directory is indexed).
      const viaConfig = await lintFixture(script, { configFile: projectConfig, cwd: dir, rules: registry as Rule[] });
      const finding = viaConfig.servers[0]!.findings.find((f) => f.ruleId === 'tool-annotations-present')!;
      expect(finding.location).toMatchObject({ startLine: 61, anchor: 'source' });
      expect(finding.location.uri.endsWith(`${PROJECT}/src/tools/entries.ts`)).toBe(true);

      const offConfig = join(dir, 'off.json');
      writeFileSync(offConfig, JSON.stringify({ source: { enabled: false } }));
      const off = await lintFixture(script, { configFile: offConfig, cwd: dir, rules: registry as Rule[] });
      expect(off.servers[0]!.findings.find((f) => f.ruleId === 'tool-annotations-present')!.location.anchor).toBe('entry');
    },
    SLOW,
  );
});

describe('source mapping through the CLI', () => {
  it(
    'SARIF puts every tool finding on the line of its registration, and validates',
    async () => {
      const r = await runCli(['--format', 'sarif', '--', node, `${PROJECT}/dist/index.js`], { timeoutMs: SLOW });
      const log = JSON.parse(r.stdout) as Log;
      assertValidSarif(log);
      assertGitHubIngestible(log);
      const results = log.runs[0]!.results!;
      const byRule = (id: string) => results.find((x) => x.ruleId === id)!.locations![0]!.physicalLocation!;
      expect(byRule('tool-annotations-present')).toMatchObject({
        artifactLocation: { uri: `${PROJECT}/src/tools/entries.ts` },
        region: { startLine: 61, startColumn: 5 },
      });
      expect(byRule('input-schema-strict')).toMatchObject({
        artifactLocation: { uri: `${PROJECT}/src/tools/accounts.ts` },
        region: { startLine: 13, startColumn: 5 },
      });
      expect(byRule('parameter-description-present')).toMatchObject({
        artifactLocation: { uri: `${PROJECT}/src/tools/entries.ts` },
        region: { startLine: 26, startColumn: 11 },
      });
      for (const result of results) {
        const logical = result.locations![0]!.logicalLocations?.[0];
        if (
          logical?.kind === 'function' ||
          result.ruleId?.startsWith('tool-') ||
          result.ruleId?.startsWith('input-schema-') ||
          result.ruleId === 'parameter-description-present'
        ) {
          expect(result.locations![0]!.physicalLocation!.artifactLocation!.uri).toMatch(new RegExp(`^${PROJECT}/src/`));
        }
      }
    },
    SLOW,
  );

  it(
    'text and JSON show the registration line',
    async () => {
      const textRun = await runCli(['--', node, `${PROJECT}/dist/index.js`], { timeoutMs: SLOW });
      const jsonRun = await runCli(['--format', 'json', '--', node, `${PROJECT}/dist/index.js`], { timeoutMs: SLOW });
      expect(textRun.stdout).toContain(`tool "ledger_add_entry"  ${PROJECT}/src/tools/entries.ts:61`);
      expect(textRun.stdout).toContain(`tool "ledger_list_entries"  ${PROJECT}/src/tools/entries.ts:26`);
      const doc = JSON.parse(jsonRun.stdout) as { servers: { findings: Located[] }[] };
      expect(placesOf(doc.servers[0]!.findings)).toMatchObject({
        'tool-annotations-present missing tool:ledger_add_entry': `${PROJECT}/src/tools/entries.ts:61:5 (source)`,
        'parameter-description-present missing tool:ledger_list_entries#/inputSchema/properties/account': `${PROJECT}/src/tools/entries.ts:26:11 (source)`,
      });
    },
    SLOW,
  );

  it(
    '--no-source falls back to the entry file; --project with a missing directory is a usage error',
    async () => {
      const off = await runCli(['--no-source', '--format', 'json', '--', node, `${PROJECT}/dist/index.js`], { timeoutMs: SLOW });
      const doc = JSON.parse(off.stdout) as { servers: { findings: Located[] }[] };
      expect(where(doc.servers[0]!.findings.find((f) => f.ruleId === 'tool-annotations-present')!)).toBe(
        `${PROJECT}/dist/index.js:1 (entry)`,
      );
      const missing = await runCli(['--project', 'no/such/dir', '--', node, `${PROJECT}/dist/index.js`], { timeoutMs: SLOW });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('is not a directory (from --project)');
    },
    SLOW,
  );
});

describe('the TypeScript compiler is loaded only when source mapping runs', () => {
  const preload = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-modules.mjs')).href;
  const HEAVY = /ts-morph|typescript/;
  /** Run the CLI recording every CommonJS module loaded, by any of its threads or children. */
  const loadedBy = async (args: string[]) => {
    const log = join(mkdtempSync(join(tmpdir(), 'mcplint-modules-')), 'modules.log');
    const r = await runCli(args, { env: { NODE_OPTIONS: `--import ${preload}`, MCPLINT_MODULE_LOG: log }, timeoutMs: SLOW });
    const modules = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    return { r, modules };
  };

  it(
    'mcplint --version loads neither typescript nor ts-morph',
    async () => {
      const { r, modules } = await loadedBy(['--version']);
      expect(r.code).toBe(0);
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
    SLOW,
  );

  it(
    'a --no-source run loads neither; a run with source mapping does (the check can see them)',
    async () => {
      const off = await loadedBy(['--no-source', '--', node, `${PROJECT}/dist/index.js`]);
      const on = await loadedBy(['--no-cache', '--', node, `${PROJECT}/dist/index.js`]); // a warm cache would spare the compiler
      expect(off.r.stdout).toContain('ledger-mcp-server');
      expect(off.modules.length).toBeGreaterThan(0); // the recorder works (the bundled bin still loads ajv-formats…; `on` below sees ts-morph)
      expect(off.modules.filter((m) => HEAVY.test(m))).toEqual([]);
      expect(on.r.stdout).toContain('src/tools/entries.ts:61');
      expect(on.modules.some((m) => /ts-morph\.js/.test(m))).toBe(true);
      expect(on.modules.some((m) => /typescript/.test(m))).toBe(true);
    },
    SLOW,
  );

  it(
    'source mapping of code with nothing to find (a raw JSON-RPC server) does not load it either',
    async () => {
      const { r, modules } = await loadedBy(['--', node, 'fixtures/rules/tool-annotations-present/bad.mjs']);
      expect(r.stdout).toContain('bookstore-mcp-server');
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
    SLOW,
  );
});
