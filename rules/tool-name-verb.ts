import { defineRule, type Report } from '../src/engine/rule.js';
import { englishVerbIndex, isEnglishVerb } from './lib/english-verbs.js';
import { analysePrefixes, distinctTools, prefixLength, words } from './lib/naming.js';

const messages = {
  noVerb:
    'Tool "{{name}}" does not start with an action {{where}}: "{{word}}" is not a verb; put the action first, as in {service}_{action}_{resource} (e.g. "slack_send_message", "github_list_issues").',
};

export default defineRule({
  id: 'tool-name-verb',
  category: 'naming',
  basis: 'guideline',
  severity: 'note',
  precision: 'medium',
  checklist: ['task-subdivision-names'],
  summary: 'Tool names are action-oriented: after the service prefix, the name starts with a verb (get, list, search, create…).',
  references: [
    {
      title: 'Server-building guide — Tool Naming Best Practices: "Be action-oriented: Start with verbs (get, list, search, create, etc.)"',
    },
    { title: 'Server-building guide — Naming Conventions: "Format: {service}_{action}_{resource}"' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const analysis = analysePrefixes(index);
    for (const tool of distinctTools(index.tools)) {
      const name = tool.name;
      const toolWords = words(name);
      if (analysis.accepted.includes(toolWords.join(''))) continue; // only the prefix: tool-name-service-prefix
      const k = prefixLength(toolWords, analysis.accepted);
      const rest = toolWords.slice(k);
      if (rest.length === 0) continue; // no words at all: tool-name-format
      if (englishVerbIndex(rest) !== -1) continue;
      // A sub-area may sit between the prefix and the verb (`bookstore_admin_delete_user`), and a
      // prefix the server name does not reveal may come first (`slack_send_message`): accept a verb
      // in second place when a resource follows it, or, without a recognised prefix, at all.
      if (rest.length >= 2 && isEnglishVerb(rest[1]!) && (k === 0 || rest.length >= 3)) continue;
      const where = k > 0 ? `after the prefix "${toolWords.slice(0, k).join('_')}_"` : 'at the start of its name';
      yield { messageId: 'noVerb', data: { name, where, word: rest[0]! }, subject: { kind: 'tool', name } };
    }
  },
});
