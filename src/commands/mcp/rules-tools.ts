/**
 * `mcplint_explain_rule`, `mcplint_list_rules` and the rule resources (`mcplint://rules/{id}`):
 * the rules' one metadata source (each rule's defineRule and its .md, through
 * src/report/rule-docs.ts), as `mcplint explain` and `mcplint rules` print it.
 */
import { ruleStatus, type Rule } from '../../engine/rule.js';
import { didYouMean } from '../../shared/did-you-mean.js';
import { docsUrl, ruleMarkdown } from '../../report/rule-docs.js';
import { searchRules } from '../../report/rule-search.js';
import { oneLine, TEXT_LIMIT, toolError, toolResult, type ResponseFormat, type ToolResult } from './tool-result.js';

export const loadRules = (): Promise<readonly Rule[]> => import('../../../rules/index.js').then((m) => m.rules);

export const RULE_URI_PREFIX = 'mcplint://rules/';
export const ruleUri = (id: string): string => `${RULE_URI_PREFIX}${id}`;

/** The rule document, within the answer's size limit with room for its metadata. */
export function ruleDocument(rule: Rule): string {
  const doc = ruleMarkdown(rule);
  const room = TEXT_LIMIT - 4_000;
  return doc.length <= room ? doc : `${doc.slice(0, room)}\n\n[Cut at ${room} characters; the whole document: ${docsUrl(rule.id)}]\n`;
}

function summaryOf(rule: Rule): Record<string, unknown> {
  return { id: rule.id, category: rule.category, severity: rule.severity, summary: rule.summary, fixable: rule.fix !== undefined };
}

export async function explainRuleTool(args: Record<string, unknown>): Promise<ToolResult> {
  const rules = await loadRules();
  const id = args.rule_id as string;
  const rule = rules.find((r) => r.id === id);
  if (!rule) {
    const hint = didYouMean(
      id,
      rules.map((r) => r.id),
    );
    return toolError(`there is no rule "${id}"${hint}`, 'mcplint_list_rules lists every rule id (search finds one by words).');
  }
  const data = {
    ...summaryOf(rule),
    docs_url: docsUrl(rule.id),
    ...(rule.fix ? { fix: `${rule.fix.safety}: ${rule.fix.summary}` } : {}),
    ...(ruleStatus(rule) !== 'stable' ? { status: ruleStatus(rule) } : {}),
    documentation: ruleDocument(rule),
  };
  return toolResult(data, args.response_format as ResponseFormat, (d) => String(d.documentation));
}

export async function listRulesTool(args: Record<string, unknown>): Promise<ToolResult> {
  const rules = await loadRules();
  const search = typeof args.search === 'string' ? args.search.trim() : '';
  let chosen: readonly Rule[] = search ? searchRules(rules, search).matches.map((m) => m.rule) : rules;
  if (typeof args.category === 'string') chosen = chosen.filter((r) => r.category === args.category);
  const offset = args.offset as number;
  const limit = args.limit as number;
  const page = chosen.slice(offset, offset + limit);
  const hasMore = offset + page.length < chosen.length;
  const data = {
    total_count: chosen.length,
    count: page.length,
    offset,
    has_more: hasMore,
    ...(hasMore ? { next_offset: offset + page.length } : {}),
    rules: page.map(summaryOf),
  };
  return toolResult(data, args.response_format as ResponseFormat, (d) => {
    const lines = [`# mcplint rules${search ? ` matching "${oneLine(search, 100)}"` : ''}`, ''];
    if (page.length === 0) lines.push(chosen.length === 0 ? 'No rule matches; try other words or no category.' : 'No rules on this page.');
    else lines.push(`${offset + 1}-${offset + page.length} of ${chosen.length}:`, '');
    for (const r of page) lines.push(`- \`${r.id}\` (${r.category}, ${r.severity}${r.fix ? ', fixable' : ''}): ${r.summary}`);
    if (d.has_more) lines.push('', `More: call mcplint_list_rules with offset ${String(d.next_offset)}.`);
    lines.push('', "mcplint_explain_rule gives one rule's document.");
    return lines.join('\n') + '\n';
  });
}
