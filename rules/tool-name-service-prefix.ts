import { defineRule, type Report } from '../src/engine/rule.js';
import { analysePrefixes, distinctTools, prefixLength, verbIndex, words } from './lib/naming.js';
import { failsServerWide, toolListEvidence } from './lib/server-wide.js';

const messages = {
  missingServicePrefix:
    'Tool "{{name}}" does not start with the service prefix "{{prefix}}_" that the server name "{{server}}" implies; rename it to e.g. "{{suggestion}}" so it cannot clash with other servers\' tools.',
  missingSharedPrefix:
    'Tool "{{name}}" does not start with "{{prefix}}_", the prefix most of this server\'s tools share; rename it to e.g. "{{suggestion}}" so it cannot clash with other servers\' tools.',
  noPrefix:
    'Tool "{{name}}" has no service prefix; name it {service}_{action}_{resource} (e.g. "slack_send_message" rather than "send_message") so it cannot clash with other servers\' tools.',
  serverMissingServicePrefix:
    '{{count}} of {{total}} tools do not start with the service prefix "{{prefix}}_" that the server name "{{server}}" implies; name every tool {{prefix}}_{action}_{resource} (e.g. "{{name}}" → "{{suggestion}}") so they cannot clash with other servers\' tools.',
  serverNoPrefix:
    '{{count}} of {{total}} tools have no service prefix; name every tool {service}_{action}_{resource} (e.g. "slack_send_message" rather than "send_message") so they cannot clash with other servers\' tools.',
};

export default defineRule({
  id: 'tool-name-service-prefix',
  category: 'naming',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['task-subdivision-names'],
  summary: "Tool names start with the service prefix ({service}_{action}_{resource}), so they cannot clash with other servers' tools.",
  references: [
    {
      title:
        'Server-building guide — Tool Naming Best Practices: "Include service prefix … Use slack_send_message instead of just send_message"',
    },
    { title: 'Server-building guide — Naming Conventions: "Format: {service}_{action}_{resource}"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const analysis = analysePrefixes(index);
    const deviations: Report<keyof typeof messages>[] = [];
    let judged = 0;
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      const toolWords = words(name);
      if (toolWords.length === 0) continue; // nothing to judge (empty or all punctuation): tool-name-format
      judged++;
      const subject = { kind: 'tool', name } as const;

      if (analysis.mode === 'none') {
        // No prefix is established: only names that plainly have none are reported — a single
        // word (`echo`), or a name that starts with the action (`send_message`).
        if (toolWords.length === 1 || verbIndex(toolWords) === 0) deviations.push({ messageId: 'noPrefix', data: { name }, subject });
        continue;
      }
      if (prefixLength(toolWords, analysis.accepted) > 0) continue;

      const prefix = analysis.prefix!;
      const rest = toolWords.join('') === prefix.replace(/_/g, '') ? '…' : toolWords.join('_');
      const suggestion = `${prefix}_${rest}`;
      if (analysis.mode === 'server') {
        deviations.push({ messageId: 'missingServicePrefix', data: { name, prefix, server: index.serverName ?? '', suggestion }, subject });
      } else {
        deviations.push({ messageId: 'missingSharedPrefix', data: { name, prefix, suggestion }, subject });
      }
    }
    if (!failsServerWide(deviations.length, judged)) {
      yield* deviations;
      return;
    }
    const first = deviations[0]!;
    const count = deviations.length;
    const names = deviations.map((d) => String(d.data?.name));
    yield {
      messageId: first.messageId === 'noPrefix' ? 'serverNoPrefix' : 'serverMissingServicePrefix',
      data: { ...first.data, count, total: judged },
      subject: { kind: 'server' },
      evidence: toolListEvidence(names),
      tools: names,
    };
  },
});
