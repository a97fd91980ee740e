import { LIST_METHODS, type ListName } from '../src/model/capture.js';
import { isObject } from '../src/engine/capture-index.js';
import { schemaVersionFor, validateOfficial } from '../src/schema/json-schema.js';
import { defineRule, type Report, type Subject } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { jsonText } from '../src/shared/json-text.js';

const MAX_PER_ENTRY = 5;

const LISTS: readonly {
  list: ListName;
  definition: string;
  nameKey: string;
  kind: 'tool' | 'prompt' | 'resource' | 'resourceTemplate';
  noun: string;
}[] = [
  { list: 'tools', definition: 'Tool', nameKey: 'name', kind: 'tool', noun: 'Tool' },
  { list: 'prompts', definition: 'Prompt', nameKey: 'name', kind: 'prompt', noun: 'Prompt' },
  { list: 'resources', definition: 'Resource', nameKey: 'uri', kind: 'resource', noun: 'Resource' },
  {
    list: 'resourceTemplates',
    definition: 'ResourceTemplate',
    nameKey: 'uriTemplate',
    kind: 'resourceTemplate',
    noun: 'Resource template',
  },
];

/** inputSchema and outputSchema are judged by the schema rules (input-schema-valid, output-schema-valid). */
function judgedElsewhere(list: ListName, pointer: string, message: string): boolean {
  if (list !== 'tools') return false;
  if (/^\/(inputSchema|outputSchema)(\/|$)/.test(pointer)) return true;
  return pointer === '' && /required property '(inputSchema|outputSchema)'/.test(message);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** The value at a JSON pointer, as short JSON, for evidence. */
function quote(root: unknown, pointer: string): string | undefined {
  let value: unknown = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  const text = jsonText(value);
  if (text === undefined) return undefined;
  return `${pointer}: ${clip(text, 200)}`;
}

const messages = {
  schema:
    '{{entry}}{{where}} {{problem}} (official {{definition}} schema, protocol {{version}}); clients that validate {{method}} reject the whole list.',
  notObject: 'Entry {{position}} of {{method}} is {{type}}, not an object; clients that validate {{method}} reject the whole list.',
};

export default defineRule({
  id: 'list-entries-valid',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['name-and-annotations-registered'],
  summary:
    'Every tool, prompt, resource and resource template a server lists is valid against the official schema of the negotiated version.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Tool',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
    {
      title: 'MCP spec 2025-11-25 — server/prompts § Prompt',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#prompt',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Resource',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Resource Templates',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource-templates',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const version = schemaVersionFor(index.protocolVersion);
    for (const { list, definition, nameKey, kind, noun } of LISTS) {
      const { method } = LIST_METHODS[list];
      const { items, pages } = capture.lists[list];
      const frameOf = (i: number): { frame?: number } => {
        let end = 0;
        for (const page of pages) {
          end += page.itemCount;
          if (i < end) return page.frame !== undefined ? { frame: page.frame } : {};
        }
        return {};
      };
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        const position = `#${i + 1}`;
        if (!isObject(item)) {
          yield {
            messageId: 'notObject',
            data: { position, method, type: describe(item) },
            subject: { kind: 'server' },
            key: `${list}/${i}`,
            ...frameOf(i),
            evidence: (jsonText(item) ?? String(item)).slice(0, 200),
          };
          continue;
        }
        const name = typeof item[nameKey] === 'string' ? (item[nameKey] as string) : undefined;
        const entry = name !== undefined ? `${noun} "${name}"` : `Entry ${position} of ${method}`;
        let reported = 0;
        for (const problem of validateOfficial(version, definition, item)) {
          if (judgedElsewhere(list, problem.pointer, problem.message)) continue;
          if (reported++ === MAX_PER_ENTRY) break;
          const subject: Subject =
            name !== undefined ? { kind, name, ...(problem.pointer !== '' ? { pointer: problem.pointer } : {}) } : { kind: 'server' };
          const evidence = problem.pointer !== '' ? quote(item, problem.pointer) : undefined;
          yield {
            messageId: 'schema',
            data: {
              entry,
              where: problem.pointer === '' ? '' : ` at ${problem.pointer}`,
              problem: problem.message,
              definition,
              version,
              method,
            },
            subject,
            key: name !== undefined ? `${problem.pointer} ${problem.message}` : `${list}/${i} ${problem.pointer} ${problem.message}`,
            ...frameOf(i),
            ...(evidence !== undefined ? { evidence } : {}),
          };
        }
      }
    }
  },
});
