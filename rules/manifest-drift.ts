import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel } from './lib/manifest.js';

const messages = {
  declaredNotListed:
    '{{manifest}} declares the {{kind}} "{{name}}", but the server does not list it: the client shows users a {{kind}} that does not exist (renamed or removed?); update the manifest\'s {{key}}.',
  listedNotDeclared:
    'The server lists the {{kind}} "{{name}}", but {{manifest}} does not declare it: the client\'s install page and the bundle directory never show it; add it to the manifest\'s {{key}}.',
  descriptionDiffers:
    '{{manifest}} describes the {{kind}} "{{name}}" differently from the server ("{{declared}}" against "{{listed}}"): users read one text and the model another; copy the server\'s description into the manifest.',
};

type Kind = 'tool' | 'prompt';

export default defineRule({
  id: 'manifest-drift',
  category: 'manifest',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'The tools and prompts an MCP Bundle manifest declares are the ones the server lists, with the same descriptions.',
  references: [
    {
      title: 'MCP Bundles — manifest.json `tools` and `prompts`',
      url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md',
    },
  ],
  messages,
  requires: ['manifest', 'tools'],
  // A finding may be about a tool the server does not have: it is a share of the server, not of its tools.
  scoreScope: 'server',
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'mcpb') return;
    const label = manifestLabel(manifest);
    const lists: Record<Kind, { key: string; listed: ReadonlyMap<string, string | undefined> | undefined }> = {
      tool: { key: 'tools', listed: new Map(index.tools.map((t) => [t.name, t.description])) },
      // Prompts the server does not offer at all are judged as an empty list only when it answered prompts/list.
      prompt: {
        key: 'prompts',
        listed: ['ok', 'not-advertised'].includes(capture.lists.prompts.status)
          ? new Map(index.prompts.map((p) => [p.name, typeof p.raw.description === 'string' ? p.raw.description : undefined]))
          : undefined,
      },
    };
    for (const kind of ['tool', 'prompt'] as const) {
      const { key, listed } = lists[kind];
      const declaredList = manifest.document[key];
      // A manifest that declares nothing of a kind makes no promise about it.
      if (!listed || !Array.isArray(declaredList)) continue;
      const declared = new Set<string>();
      for (const [i, entry] of declaredList.entries()) {
        if (typeof entry !== 'object' || entry === null || typeof (entry as Record<string, unknown>).name !== 'string') continue;
        const { name, description } = entry as { name: string; description?: unknown };
        declared.add(name);
        const data = { manifest: label, kind, name: name.slice(0, 128), key };
        const at = { subject: { kind, name } as const, manifestAt: `/${key}/${i}` };
        if (!listed.has(name)) {
          yield { messageId: 'declaredNotListed', data, ...at };
          continue;
        }
        const said = listed.get(name);
        if (typeof description === 'string' && said !== undefined && normal(description) !== normal(said))
          yield {
            messageId: 'descriptionDiffers',
            data: { ...data, declared: clip(description), listed: clip(said) },
            ...at,
            milder: true,
          };
      }
      for (const name of listed.keys()) {
        if (!declared.has(name))
          yield { messageId: 'listedNotDeclared', data: { manifest: label, kind, name: name.slice(0, 128), key }, subject: { kind, name } };
      }
    }
  },
});

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string) => {
  const t = normal(text);
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
};
