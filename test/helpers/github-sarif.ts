/**
 * SARIF checks: the OASIS 2.1.0 schema (vendored, draft-04) and GitHub code scanning's extra
 * requirements, which the schema does not express (it accepts `"locations": []`, for one), as
 * GitHub documents them under "SARIF support for code scanning" (limits, required properties).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Ajv04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { Log } from 'sarif';
import { ROOT } from './capture.js';

// CJS interop: under NodeNext the default import is module.exports; the class/function is `.default`.
const Ajv04 = Ajv04Module.default;
const addFormats = addFormatsModule.default;

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as object;
const ajv = new Ajv04({ allErrors: true, strictRequired: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** Schema errors as readable lines (empty when valid). */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map(
    (e: { instancePath: string; message?: string; params: unknown }) =>
      `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

export const GITHUB_LIMITS = {
  runs: 20,
  resultsPerRun: 25_000,
  rulesPerRun: 25_000,
  tagsPerRule: 20,
  ruleName: 255,
  shortDescription: 1024,
  fullDescription: 1024,
  gzipBytes: 10 * 1024 * 1024,
} as const;

/** Everything GitHub's upload would reject, as readable lines (empty when ingestible). */
export function githubIngestionProblems(log: Log): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string): void => void problems.push(`${where}: ${what}`);

  if (log.version !== '2.1.0') fail('/version', `must be "2.1.0", got ${JSON.stringify(log.version)}`);
  if (typeof log.$schema !== 'string' || log.$schema === '') fail('/$schema', 'missing');
  if (!Array.isArray(log.runs) || log.runs.length === 0) fail('/runs', 'missing or empty');
  if (log.runs.length > GITHUB_LIMITS.runs) fail('/runs', `${log.runs.length} runs (max ${GITHUB_LIMITS.runs})`);
  if (gzipSync(JSON.stringify(log)).length > GITHUB_LIMITS.gzipBytes) fail('/', 'gzip size over 10 MB');

  const categories = new Set<string>();
  log.runs.forEach((run, r) => {
    const at = `/runs/${r}`;
    const driver = run.tool?.driver;
    if (!driver?.name) fail(`${at}/tool/driver/name`, 'missing');
    const category = `${driver?.name}\u0000${run.automationDetails?.id ?? ''}`;
    if (categories.has(category)) fail(`${at}/automationDetails/id`, 'two runs of the same tool share a category');
    categories.add(category);

    const rules = driver?.rules ?? [];
    if (rules.length === 0) fail(`${at}/tool/driver/rules`, 'missing or empty');
    if (rules.length > GITHUB_LIMITS.rulesPerRun) fail(`${at}/tool/driver/rules`, `more than ${GITHUB_LIMITS.rulesPerRun}`);
    const ids = new Map<string, number>();
    rules.forEach((rule, i) => {
      const rat = `${at}/tool/driver/rules/${i}`;
      if (!rule.id) fail(rat, 'id missing');
      if (ids.has(rule.id)) fail(rat, `duplicate rule id ${rule.id}`);
      ids.set(rule.id, i);
      if (rule.name !== undefined && (rule.name === '' || rule.name.length > GITHUB_LIMITS.ruleName))
        fail(`${rat}/name`, 'empty or too long');
      const short = rule.shortDescription?.text ?? '';
      const full = rule.fullDescription?.text ?? '';
      if (!short.trim() || short.length > GITHUB_LIMITS.shortDescription) fail(`${rat}/shortDescription`, 'empty or over 1024');
      if (!full.trim() || full.length > GITHUB_LIMITS.fullDescription) fail(`${rat}/fullDescription`, 'empty or over 1024');
      if (!rule.help?.text?.trim()) fail(`${rat}/help/text`, 'empty');
      const tags = (rule.properties?.tags ?? []) as unknown[];
      if (tags.length > GITHUB_LIMITS.tagsPerRule) fail(`${rat}/properties/tags`, `more than ${GITHUB_LIMITS.tagsPerRule}`);
    });

    if (!Array.isArray(run.results)) {
      fail(`${at}/results`, "missing (upload-sarif: Missing 'results' array in run)");
      return;
    }
    if (run.results.length > GITHUB_LIMITS.resultsPerRun) fail(`${at}/results`, `more than ${GITHUB_LIMITS.resultsPerRun}`);
    run.results.forEach((result, i) => {
      const rat = `${at}/results/${i}`;
      if (!result.ruleId || !ids.has(result.ruleId)) fail(`${rat}/ruleId`, `${JSON.stringify(result.ruleId)} is not in driver.rules`);
      else if (result.ruleIndex !== undefined && result.ruleIndex !== ids.get(result.ruleId)) {
        fail(`${rat}/ruleIndex`, `${result.ruleIndex} but ${result.ruleId} is rule ${ids.get(result.ruleId)}`);
      }
      if (!result.message?.text?.trim()) fail(`${rat}/message/text`, 'empty');
      if (!Array.isArray(result.locations) || result.locations.length !== 1) {
        fail(`${rat}/locations`, `expected exactly one location, got ${result.locations?.length ?? 'none'}`);
        return;
      }
      const physical = result.locations[0]?.physicalLocation;
      const uri = physical?.artifactLocation?.uri;
      if (typeof uri !== 'string' || uri === '') fail(`${rat}/locations/0`, 'no physicalLocation.artifactLocation.uri');
      else if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri) || uri.startsWith('/'))
        fail(`${rat}/locations/0`, `uri ${JSON.stringify(uri)} is not relative`);
      const line = physical?.region?.startLine;
      if (typeof line !== 'number' || !Number.isInteger(line) || line < 1)
        fail(`${rat}/locations/0/physicalLocation/region/startLine`, 'missing or < 1');
    });
  });
  return problems;
}

/** Throws with every problem listed when GitHub code scanning would reject the log. */
export function assertGitHubIngestible(log: Log): void {
  const problems = githubIngestionProblems(log);
  if (problems.length > 0) throw new Error(`SARIF not ingestible by GitHub code scanning:\n  ${problems.join('\n  ')}`);
}

/** Throws when the log is not valid against the OASIS SARIF 2.1.0 schema. */
export function assertValidSarif(log: unknown): void {
  const errors = sarifSchemaErrors(log);
  if (errors.length > 0) throw new Error(`SARIF schema errors:\n  ${errors.join('\n  ')}`);
}
