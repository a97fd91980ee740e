/**
 * Rule documentation, from the one metadata source (the rule module) and the one prose source
 * (rules/<id>.md). `explain`, SARIF help, the docs/rules.md table and `mcplint rules` all come from here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleStatus, type Rule } from '../engine/rule.js';
import { RULE_DOCS_DIR } from '../shared/paths.js';
import { docsUrl } from '../shared/version.js';

const cache = new Map<string, string>();

/** The hand-written prose of a rule (rules/<id>.md). */
export function ruleProse(id: string): string {
  let text = cache.get(id);
  if (text === undefined) {
    // HTML comments (the markers around generated sections) are for the generator, not for readers.
    text = readFileSync(join(RULE_DOCS_DIR, `${id}.md`), 'utf8')
      .replace(/<!--[\s\S]*?-->\n?/g, '')
      .trim();
    cache.set(id, text);
  }
  return text;
}

/** First paragraph of the prose, unwrapped: SARIF fullDescription. */
export function firstParagraph(id: string): string {
  return (ruleProse(id).split(/\n\s*\n/)[0] ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/** Metadata lines shared by explain and the SARIF help text. */
function metadataLines(rule: Rule): string[] {
  return [
    `- Category: ${rule.category}`,
    `- Default level: ${rule.severity}`,
    `- Basis: ${rule.basis === 'spec' ? 'MCP specification' : 'server-building guidelines'}`,
    ...(rule.since ? [`- Applies from protocol version: ${rule.since}`] : []),
    ...(rule.until ? [`- Applies up to protocol version: ${rule.until}`] : []),
    `- Precision: ${rule.precision}`,
    rule.fix
      ? `- Fixable: ${rule.fix.safety === 'safe' ? 'yes, safe (`mcplint --fix`)' : 'yes, unsafe (`mcplint --fix --unsafe-fixes`)'}: ${rule.fix.summary}`
      : '- Fixable: no',
    // Stable is the default and goes unsaid, so only preview and deprecated rules show a status.
    ...(ruleStatus(rule) !== 'stable'
      ? [`- Status: ${ruleStatus(rule)}${rule.replacedBy ? ` (replaced by \`${rule.replacedBy}\`)` : ''}`]
      : []),
  ];
}

function referenceLines(rule: Rule): string[] {
  return rule.references.map((r) => (r.url ? `- [${r.title}](${r.url})` : `- ${r.title}`));
}

/** The full Markdown document of a rule: title, summary, metadata, prose, references. */
export function ruleMarkdown(rule: Rule): string {
  return [
    `# ${rule.id}`,
    '',
    `> ${rule.summary}`,
    '',
    ...metadataLines(rule),
    '',
    ruleProse(rule.id),
    '',
    '## References',
    '',
    ...referenceLines(rule),
    '',
  ].join('\n');
}

/** Plain-text rendering for terminals and SARIF help.text. */
export function ruleText(rule: Rule): string {
  return ruleMarkdown(rule)
    .replace(/^#+\s*/gm, '')
    .replace(/```\w*\n?/g, '')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 <$2>');
}

/** The rules table (`mcplint rules --format markdown`, and docs/rules.md through scripts/doc-sections.ts). */
export function rulesTable(rules: readonly Rule[]): string {
  const rows = rules.map(
    (r) =>
      `| [\`${r.id}\`](rules/${r.id}.md) | ${r.category} | ${r.severity} | ${r.basis} | ${r.fix?.safety ?? ''} | ${r.summary.replace(/\|/g, '\\|')} |`,
  );
  return ['| rule | category | default | basis | fix | summary |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

export { docsUrl };
