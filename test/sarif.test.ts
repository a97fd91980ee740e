import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Log, Result } from 'sarif';
import { cleanPrompts, cleanResources, cleanResourceTemplates, cleanTools } from '../fixtures/lib/raw-server.mjs';
import type { Capture, ListCapture } from '../src/model/capture.js';
import { locate, type Anchors } from '../src/locate/locate.js';
import type { Subject } from '../src/engine/rule.js';
import { artifactUri, describeRule, sarif, sarifLog, MAX_RUNS, pascalCase } from '../src/report/formatters/sarif.js';
import type { SourceIndex } from '../src/model/source-index.js';
import type { FindingFix } from '../src/model/fix.js';
import { docsUrl, REPOSITORY_URL, VERSION } from '../src/shared/version.js';
import { rules } from '../rules/index.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { assertGitHubIngestible, assertValidSarif, githubIngestionProblems, sarifSchemaErrors } from './helpers/github-sarif.js';
import { CONTEXT, lintReport, reportWithFindings, serverReport } from './helpers/report.js';
import { sharedFixtureCapture } from './helpers/shared-capture.js';

const RULE = 'tool-annotations-present';

const cleanCapture = (serverInfo?: Record<string, unknown>): Capture =>
  makeCapture({
    tools: cleanTools(),
    prompts: cleanPrompts(),
    resources: cleanResources(),
    resourceTemplates: cleanResourceTemplates(),
    ...(serverInfo ? { serverInfo } : {}),
  });

/** Two tools without annotations: two findings of tool-annotations-present. */
const badCapture = (): Capture =>
  makeCapture({
    tools: cleanTools().map((t: Record<string, unknown>, i: number) => (i < 2 ? { ...t, annotations: undefined } : t)),
    prompts: cleanPrompts(),
    resources: cleanResources(),
  });

const skippedList: ListCapture = { status: 'skipped', pages: [], items: [] };
const failedCapture = (): Capture =>
  makeCapture({
    handshake: {
      ok: false,
      requestedVersion: '2025-11-25',
      reason: 'exited',
      message: 'the server exited with code 1 before answering initialize',
      durationMs: 12,
    },
    lists: { tools: skippedList, prompts: skippedList, resources: skippedList, resourceTemplates: skippedList },
  });

/** Format, parse, and run both validators; returns the parsed log. */
function render(report: ReturnType<typeof lintReport>, context = CONTEXT): Log {
  const text = sarif(report, context);
  expect(text.endsWith('}\n')).toBe(true);
  const log = JSON.parse(text) as Log;
  assertValidSarif(log);
  assertGitHubIngestible(log);
  return log;
}

const resultsOf = (log: Log, run = 0): Result[] => log.runs[run]!.results!;

describe('sarif formatter', () => {
  it('a clean report has an empty results array and lists every registered rule in order', () => {
    const log = render(lintReport(serverReport(cleanCapture(), { only: [RULE] })));
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.results).toEqual([]);
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.automationDetails).toBeUndefined();
    expect(run.invocations?.[0]?.executionSuccessful).toBe(true);
    const driver = run.tool.driver;
    expect(driver.name).toBe('mcplint');
    expect(driver.semanticVersion).toBe(VERSION);
    expect(driver.informationUri).toBe(REPOSITORY_URL);
    expect(driver.rules?.map((r) => r.id)).toEqual(rules.map((r) => r.id));
  });

  it('describes each rule with name, descriptions, help, helpUri, default level and tags', () => {
    const log = render(lintReport(serverReport(cleanCapture(), { only: [] })));
    const descriptors = log.runs[0]!.tool.driver.rules!;
    for (const [i, rule] of rules.entries()) {
      const d = descriptors[i]!;
      expect(d.id).toBe(rule.id);
      expect(d.name).toBe(pascalCase(rule.id));
      expect(d.shortDescription?.text).toBe(rule.summary);
      expect(d.fullDescription?.text.length).toBeGreaterThan(0);
      expect(d.fullDescription!.text.length).toBeLessThanOrEqual(1024);
      expect(d.help?.text).toContain(rule.id);
      // No results in this run: a link, not the full Markdown help, which would only make the file bigger.
      expect(d.help?.markdown).toBeUndefined();
      expect(d.helpUri).toBe(docsUrl(rule.id));
      const tags = d.properties?.tags as string[];
      expect(tags.slice(0, 2)).toEqual(['mcp', rule.category]);
      expect(d.properties?.precision).toBe(rule.precision);
      if (rule.severity === 'off') expect(d.defaultConfiguration).toEqual({ level: 'note', enabled: false });
      else expect(d.defaultConfiguration?.level).toBe(rule.severity);
    }
    const annotations = descriptors.find((d) => d.id === RULE)!;
    expect(annotations.name).toBe('ToolAnnotationsPresent');
    expect(annotations.properties?.['problem.severity']).toBe('warning');
  });

  it('marks rules that are off by default as disabled, and security rules as security alerts', () => {
    const rule = rules.find((r) => r.id === RULE)!;
    const off = describeRule({ ...rule, severity: 'off' });
    expect(off.defaultConfiguration).toEqual({ level: 'note', enabled: false });
    expect(off.properties?.['problem.severity']).toBe('recommendation');
    expect(off.properties?.['security-severity']).toBeUndefined();
    const security = describeRule({ ...rule, category: 'security', severity: 'error' });
    expect(security.properties?.tags).toEqual(['mcp', 'security']);
    expect(security.properties?.['security-severity']).toBe('8.0');
    expect(security.defaultConfiguration).toEqual({ level: 'error' });
  });

  it('reports findings with rule index, level, one physical location and fingerprints', () => {
    const report = lintReport(serverReport(badCapture(), { only: [RULE] }));
    const log = render(report);
    const results = resultsOf(log);
    expect(results.map((r) => r.ruleId)).toEqual([RULE, RULE]);
    const ruleIndex = rules.findIndex((r) => r.id === RULE);
    for (const [i, result] of results.entries()) {
      const finding = report.servers[0]!.findings[i]!;
      expect(result.ruleIndex).toBe(ruleIndex);
      expect(result.level).toBe('warning');
      expect(result.message.text).toBe(finding.message);
      expect(result.locations).toHaveLength(1);
      expect(result.locations![0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'package.json' }, region: { startLine: 3 } });
      expect(result.partialFingerprints).toEqual({
        'mcplint/v1': finding.fingerprint,
        primaryLocationLineHash: `${finding.fingerprint.slice(0, 16)}:1`,
      });
      expect(result.properties).toEqual({ subject: `tool:${(finding.subject as { name: string }).name}`, anchor: 'manifest' });
    }
    expect(results[0]!.locations![0]!.logicalLocations).toEqual([
      { name: 'bookstore_get_book', fullyQualifiedName: 'tools/bookstore_get_book', kind: 'member' },
    ]);
  });

  it('handles every subject kind: logical locations for named subjects only, evidence appended and clipped', () => {
    const subjects: Subject[] = [
      { kind: 'server' },
      { kind: 'transport' },
      { kind: 'tool', name: 'bookstore_get_book', pointer: '/inputSchema/properties/book_id' },
      { kind: 'prompt', name: 'bookstore_recommend_books' },
      { kind: 'resource', name: 'catalogue_stats' },
      { kind: 'resourceTemplate', name: 'book_record' },
    ];
    const long = `line one\n${'x'.repeat(1000)}`;
    const server = reportWithFindings(
      cleanCapture(),
      subjects.map((subject, i) => ({
        ruleId: RULE,
        subject,
        level: (['error', 'warning', 'note'] as const)[i % 3],
        ...(i === 0 ? { evidence: long } : {}),
      })),
    );
    const log = render(lintReport(server));
    const results = resultsOf(log);
    expect(results).toHaveLength(subjects.length);
    expect(results.map((r) => r.level)).toEqual(['error', 'warning', 'note', 'error', 'warning', 'note']);
    expect(results.map((r) => r.locations![0]!.logicalLocations?.[0]?.fullyQualifiedName)).toEqual([
      undefined,
      undefined,
      'tools/bookstore_get_book',
      'prompts/bookstore_recommend_books',
      'resources/catalogue_stats',
      'resourceTemplates/book_record',
    ]);
    const withEvidence = results[0]!.message.text!;
    // Cut as every format cuts evidence (src/report/formatters/evidence.ts), saying what it left out.
    expect(withEvidence).toMatch(/ Evidence: line one x{990}… \(10 more characters\)$/);
    expect(withEvidence.length).toBeLessThan(server.findings[0]!.message.length + 1040);
    expect(results[1]!.message.text).not.toContain('Evidence');
    expect(results.map((r) => r.properties?.subject)).toEqual([
      'server',
      'transport',
      'tool:bookstore_get_book#/inputSchema/properties/book_id',
      'prompt:bookstore_recommend_books',
      'resource:catalogue_stats',
      'resourceTemplate:book_record',
    ]);
  });

  it('uses the source position and leaves primaryLocationLineHash to GitHub for source anchors', () => {
    const source: SourceIndex = {
      root: '/project',
      registrations: [{ kind: 'tool', name: 'bookstore_get_book', style: 'registerTool', file: 'src/tools/books.ts', line: 42, column: 7 }],
      unresolved: [],
      stdoutWrites: [],
      throwingHandlers: [],
      looseZodObjects: [],
      filesIndexed: 1,
    };
    const anchors: Anchors = { ...{ fallback: 'node', manifest: { uri: 'package.json', line: 3 } }, source, sourcePrefix: 'server' };
    const log = render(lintReport(serverReport(badCapture(), { only: [RULE], anchors })));
    const [sourced, manifest] = [
      resultsOf(log).find((r) => r.properties?.anchor === 'source')!,
      resultsOf(log).find((r) => r.properties?.anchor === 'manifest')!,
    ];
    expect(sourced.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'server/src/tools/books.ts' },
      region: { startLine: 42, startColumn: 7 },
    });
    expect(Object.keys(sourced.partialFingerprints!)).toEqual(['mcplint/v1']);
    expect(Object.keys(manifest.partialFingerprints!)).toEqual(['mcplint/v1', 'primaryLocationLineHash']);
  });

  it("carries a finding's fix as SARIF fixes (artifactChanges with replacements) that validate against the schema", () => {
    const report = lintReport(serverReport(badCapture(), { only: [RULE] }));
    const server = report.servers[0]!;
    const [first, ...rest] = server.findings;
    const fix: FindingFix = {
      safety: 'safe',
      description: 'add annotations',
      edits: [
        { file: 'src/server.ts', start: 120, end: 120, replacement: 'annotations: { readOnlyHint: true },\n    ', sha256: 'a'.repeat(64) },
        { file: 'src/server.ts', start: 300, end: 307, replacement: '', sha256: 'a'.repeat(64) },
      ],
    };
    const withFix = { ...report, servers: [{ ...server, findings: [{ ...first!, fix }, ...rest] }] };
    const log = render(withFix);
    const fixed = resultsOf(log).find((r) => r.fixes)!;
    expect(fixed.fixes).toEqual([
      {
        description: { text: 'Safe fix: add annotations' },
        artifactChanges: [
          {
            artifactLocation: { uri: 'src/server.ts' },
            replacements: [
              {
                deletedRegion: { charOffset: 120, charLength: 0 },
                insertedContent: { text: 'annotations: { readOnlyHint: true },\n    ' },
              },
              { deletedRegion: { charOffset: 300, charLength: 7 } },
            ],
          },
        ],
        properties: { safety: 'safe' },
      },
    ]);
    expect(resultsOf(log).filter((r) => r.fixes)).toHaveLength(1);
  });

  it('reports a failed handshake as an error notification of an otherwise valid run', () => {
    const log = render(lintReport(serverReport(failedCapture())));
    const run = log.runs[0]!;
    expect(Array.isArray(run.results)).toBe(true);
    const notifications = run.invocations![0]!.toolExecutionNotifications!;
    const failure = notifications.find((n) => n.descriptor?.id === 'handshake-failed')!;
    expect(failure.level).toBe('error');
    expect(failure.message.text).toContain('the server exited with code 1 before answering initialize');
    // Rules that need the lists are skipped, with their rule referenced.
    for (const n of notifications.filter((n) => n.descriptor?.id === 'rule-skipped')) {
      expect(rules[n.associatedRule!.index!]!.id).toBe(n.associatedRule!.id);
    }
    if (rules.some((r) => r.id === RULE)) expect(notifications.some((n) => n.associatedRule?.id === RULE)).toBe(true);
  });

  it('lints with every registered rule and stays valid and ingestible', () => {
    // Whatever the registry holds at the time: good, bad and failed servers together.
    const log = render(lintReport(serverReport(cleanCapture()), serverReport(badCapture()), serverReport(failedCapture())));
    expect(log.runs).toHaveLength(3);
    expect(resultsOf(log, 1).filter((r) => r.ruleId === RULE)).toHaveLength(2);
  });

  it('gives each of several servers its own run and a distinct category', () => {
    const a = serverReport(badCapture(), { only: [RULE] });
    const b = serverReport(cleanCapture({ name: 'library-mcp-server', version: '2.0.0' }), { only: [RULE] });
    const c = serverReport(cleanCapture({ name: 'library-mcp-server', version: '2.0.0' }), { only: [RULE] });
    const log = render(lintReport(a, b, c));
    expect(log.runs.map((r) => r.automationDetails?.id)).toEqual([
      // From the server's name, never its version: a release must not reopen every alert.
      'mcplint/bookstore-mcp-server/',
      'mcplint/library-mcp-server/',
      'mcplint/library-mcp-server-2/',
    ]);
    expect(log.runs.map((r) => r.results!.length)).toEqual([2, 0, 0]);
    expect(log.runs.map((r) => r.properties?.server)).toEqual([
      'bookstore-mcp-server 1.0.0',
      'library-mcp-server 2.0.0',
      'library-mcp-server 2.0.0',
    ]);

    const withCategory = render(lintReport(a, b), { ...CONTEXT, sarifCategory: 'mcp' });
    expect(withCategory.runs.map((r) => r.automationDetails?.id)).toEqual(['mcp/bookstore-mcp-server/', 'mcp/library-mcp-server/']);
  });

  it('emits one empty run when no server was linted', () => {
    const log = render(lintReport());
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.results).toEqual([]);
  });

  it('emits automationDetails for a single server only when a category is asked for', () => {
    const server = serverReport(cleanCapture(), { only: [RULE] });
    expect(render(lintReport(server)).runs[0]!.automationDetails).toBeUndefined();
    expect(render(lintReport(server), { ...CONTEXT, sarifCategory: 'mcplint' }).runs[0]!.automationDetails).toEqual({ id: 'mcplint/' });
  });

  it(`caps the file at ${MAX_RUNS} runs and says so`, () => {
    const servers = Array.from({ length: MAX_RUNS + 2 }, (_, i) =>
      serverReport(cleanCapture({ name: `s${i}`, version: '1' }), { only: [RULE] }),
    );
    const log = render(lintReport(...servers));
    expect(log.runs).toHaveLength(MAX_RUNS);
    const last = log.runs.at(-1)!.invocations![0]!.toolExecutionNotifications!;
    const note = last.find((n) => n.descriptor?.id === 'runs-truncated')!;
    expect(note.message.text).toContain('2 more server(s)');
    expect(note.message.text).toContain(`s${MAX_RUNS} 1, s${MAX_RUNS + 1} 1`);
  });
});

describe('every result has a location', () => {
  const subjects: Subject[] = [
    { kind: 'server' },
    { kind: 'transport' },
    { kind: 'tool', name: 't', pointer: '/inputSchema' },
    { kind: 'prompt', name: 'p' },
    { kind: 'resource', name: 'r' },
    { kind: 'resourceTemplate', name: 'rt' },
  ];
  const anchorSets: Anchors[] = [
    { fallback: 'node' },
    { fallback: 'node', manifest: { uri: 'package.json', line: 3 } },
    { fallback: 'node', entry: { uri: 'dist/index.js', line: 1 } },
    { fallback: 'node', config: { uri: '.mcplintrc.json', line: 4, column: 3 } },
    { fallback: 'node', capture: { uri: 'capture.json', line: 1 } },
  ];

  it('locate() always returns a file and a line, whatever anchors exist', () => {
    for (const anchors of anchorSets) {
      for (const subject of subjects) {
        const location = locate(subject, anchors);
        expect(location.uri.length).toBeGreaterThan(0);
        expect(location.startLine).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('locate() puts a pointer on its nearest recorded property line, else on the registration', () => {
    const at = (line: number) => ({ file: 'src/tools.ts', line, column: 5 });
    const source = {
      root: '/project',
      filesIndexed: 1,
      registrations: [
        {
          kind: 'tool' as const,
          name: 'search',
          style: 'registerTool',
          ...at(10),
          properties: { '/annotations': at(14), '/inputSchema/properties/q': at(20), '/inputSchema/properties/q~1x': at(22) },
        },
      ],
      unresolved: [],
      stdoutWrites: [],
      throwingHandlers: [],
      looseZodObjects: [],
    };
    const line = (pointer?: string) =>
      locate({ kind: 'tool', name: 'search', ...(pointer ? { pointer } : {}) }, { fallback: 'node', source }).startLine;
    expect(line('/annotations')).toBe(14);
    expect(line('/annotations/readOnlyHint')).toBe(14);
    expect(line('/inputSchema/properties/q/maxLength')).toBe(20);
    expect(line('/inputSchema/properties/q~1x/type')).toBe(22);
    expect(line('/inputSchema/required')).toBe(10);
    expect(line('/description')).toBe(10);
    expect(line()).toBe(10);
  });

  it('a report with only the last-resort anchor is still ingestible', () => {
    for (const fallback of [
      'node',
      'npx -y @scope/some-server@1.2.3',
      'https://mcp.example.com/mcp',
      '/usr/local/bin/server',
      'C:\\tools\\server.exe',
      '',
    ]) {
      const server = reportWithFindings(
        cleanCapture(),
        subjects.map((subject) => ({ ruleId: RULE, subject })),
        { fallback },
      );
      const log = render(lintReport(server));
      for (const result of resultsOf(log)) expect(result.locations).toHaveLength(1);
    }
  });

  it('artifactUri keeps relative paths and makes other fallbacks relative references', () => {
    expect(artifactUri('src/index.ts', 'x')).toBe('src/index.ts');
    expect(artifactUri('package.json', 'x')).toBe('package.json');
    expect(artifactUri('https://mcp.example.com/mcp', 'x')).toBe('mcp.example.com/mcp');
    expect(artifactUri('/usr/local/bin/server', 'x')).toBe('usr/local/bin/server');
    expect(artifactUri('C:\\tools\\server.exe', 'x')).toBe('tools/server.exe');
    expect(artifactUri('node server.mjs', 'x')).toBe('node%20server.mjs');
    expect(artifactUri('', 'My Server 1.0')).toBe('my-server-1.0');
  });

  it('the GitHub checker rejects what GitHub rejects (and the schema alone would not)', () => {
    const log = sarifLog(lintReport(serverReport(badCapture(), { only: [RULE] })), CONTEXT);
    const broken = structuredClone(log);
    broken.runs[0]!.results![0]!.locations = [];
    expect(sarifSchemaErrors(broken)).toEqual([]); // the schema accepts an empty locations array
    expect(githubIngestionProblems(broken).join('\n')).toMatch(/exactly one location/);

    const noResults = structuredClone(log);
    delete noResults.runs[0]!.results;
    expect(githubIngestionProblems(noResults).join('\n')).toMatch(/results/);

    const wrongIndex = structuredClone(log);
    wrongIndex.runs[0]!.results![0]!.ruleIndex = 999;
    expect(githubIngestionProblems(wrongIndex).join('\n')).toMatch(/ruleIndex/);

    const absolute = structuredClone(log);
    absolute.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri = 'file:///abs/path.ts';
    expect(githubIngestionProblems(absolute).join('\n')).toMatch(/not relative/);

    const resultLevelLogical = structuredClone(log) as unknown as { runs: { results: Record<string, unknown>[] }[] };
    resultLevelLogical.runs[0]!.results[0]!.logicalLocations = [{ name: 'x' }];
    expect(sarifSchemaErrors(resultLevelLogical)).not.toEqual([]);
  });
});

describe.concurrent('SARIF of real servers', () => {
  // The research note's advice: run both checks on every rule's bad fixture and the clean server.
  const fixtures = [
    'clean-server.mjs',
    ...readdirSync(fixturePath('rules'))
      .sort()
      .map((id) => join('rules', id, 'bad.mjs')),
  ].filter((f) => existsSync(fixturePath(f)));
  for (const fixture of fixtures) {
    it(`${fixture} is valid and ingestible`, async () => {
      const capture = await sharedFixtureCapture(fixture);
      const server = serverReport(capture, { anchors: { fallback: 'node', entry: { uri: `fixtures/${fixture}`, line: 1 } } });
      const log = render(lintReport(server));
      expect(resultsOf(log)).toHaveLength(server.findings.length);
    });
  }
});
