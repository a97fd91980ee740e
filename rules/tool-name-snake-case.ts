import { defineRule, type Report } from '../src/engine/rule.js';
import { distinctTools, leftToFormatRule, words } from './lib/naming.js';
import { failsServerWide, toolListEvidence } from './lib/server-wide.js';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

const messages = {
  notSnakeCase: 'Tool "{{name}}" is not snake_case; rename it to "{{suggestion}}".',
  notSnakeCaseNoSuggestion:
    'Tool "{{name}}" is not snake_case; use lower-case words of letters and digits joined by single underscores, starting with a letter (e.g. "slack_send_message").',
  serverNotSnakeCase:
    '{{count}} of {{total}} tools are not snake_case (the server names its tools in {{style}}); rename them in snake_case, e.g. "{{name}}" → "{{suggestion}}".',
};

export default defineRule({
  id: 'tool-name-snake-case',
  category: 'naming',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['descriptive-names-and-docs'],
  summary: 'Tool names are snake_case: lower-case words of letters and digits joined by single underscores.',
  references: [
    { title: 'Server-building guide — Tool Naming Best Practices: "Use snake_case: search_users, create_project, get_channel_info"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const deviations: Report<keyof typeof messages>[] = [];
    let judged = 0;
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      // Spec-invalid names (spaces, slashes, too long…) are tool-name-format's business.
      if (name === '' || leftToFormatRule(name, index.protocolVersion)) continue;
      judged++;
      if (SNAKE_CASE.test(name)) continue;
      const suggestion = words(name).join('_');
      if (SNAKE_CASE.test(suggestion)) {
        deviations.push({ messageId: 'notSnakeCase', data: { name, suggestion }, subject: { kind: 'tool', name } });
      } else {
        deviations.push({ messageId: 'notSnakeCaseNoSuggestion', data: { name }, subject: { kind: 'tool', name } });
      }
    }
    if (!failsServerWide(deviations.length, judged)) {
      yield* deviations;
      return;
    }
    const names = deviations.map((d) => String(d.data?.name));
    const example = deviations.find((d) => d.messageId === 'notSnakeCase') ?? deviations[0]!;
    yield {
      messageId: 'serverNotSnakeCase',
      data: {
        name: String(example.data?.name),
        suggestion: String(example.data?.suggestion ?? 'slack_send_message'),
        count: names.length,
        total: judged,
        style: namingStyle(names),
      },
      subject: { kind: 'server' },
      evidence: toolListEvidence(names),
      tools: names,
    };
  },
});

/** The spelling most of the names share, for the message. */
function namingStyle(names: readonly string[]): string {
  const styles = new Map<string, number>();
  for (const name of names) {
    const style = /^[a-z0-9]+(-[a-z0-9]+)+$/.test(name)
      ? 'kebab-case'
      : /^[a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*$/.test(name)
        ? 'camelCase'
        : /^[A-Z][a-zA-Z0-9]*$/.test(name)
          ? 'PascalCase'
          : /^[a-z0-9]+(\.[a-z0-9]+)+$/.test(name)
            ? 'dot.case'
            : /^[A-Z0-9]+(_[A-Z0-9]+)*$/.test(name)
              ? 'UPPER_CASE'
              : 'mixed styles';
    styles.set(style, (styles.get(style) ?? 0) + 1);
  }
  const [top, count] = [...styles].sort((a, b) => b[1] - a[1])[0]!;
  return count * 2 > names.length ? top : 'mixed styles';
}
