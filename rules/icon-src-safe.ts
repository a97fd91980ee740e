import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report, type Subject } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  unsafeScheme:
    '{{owner}} has an icon whose src uses {{scheme}} ({{src}}); an icon src is an https: URL or a data: URI of an image, and a client that renders such an icon can be made to run script, read local files or fetch from wherever its base points.',
  dataNotImage:
    '{{owner}} has an icon whose src is a data: URI of {{type}}, not an image; a data: icon carries base64 image data (image/png, image/jpeg, image/svg+xml, image/webp).',
};

/** The media type of a data: URI ("text/html" of "data:text/html;base64,…"), lower case; '' when absent. */
const dataType = (src: string): string => /^data:([^;,]*)/i.exec(src)?.[1]?.trim().toLowerCase() ?? '';

/** Icon sources shown in a message at most this long. */
const SHOWN_CHARS = 80;

interface Owner {
  readonly words: string;
  readonly subject: Subject;
  readonly icons: unknown;
}

export default defineRule({
  id: 'icon-src-safe',
  category: 'security',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  since: '2025-11-25',
  summary:
    'Every icon (of the server, its tools, prompts, resources and templates) has an https:, http: or data:image/ src: never javascript:, file: or a data: URI of another type.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — schema § Icon.src: "May be an HTTP/HTTPS URL or a data: URI with Base64-encoded image data … Consumers SHOULD take appropriate precautions when consuming SVGs as they can contain executable JavaScript"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#icon',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const owners: Owner[] = [];
    if (capture.handshake.ok) owners.push({ words: 'The server', subject: { kind: 'server' }, icons: capture.handshake.serverInfo.icons });
    for (const tool of index.tools)
      owners.push({ words: `Tool "${tool.name}"`, subject: { kind: 'tool', name: tool.name }, icons: tool.raw.icons });
    for (const prompt of index.prompts)
      owners.push({ words: `Prompt "${prompt.name}"`, subject: { kind: 'prompt', name: prompt.name }, icons: prompt.raw.icons });
    for (const resource of index.resources)
      owners.push({ words: `Resource ${resource.name}`, subject: { kind: 'resource', name: resource.name }, icons: resource.raw.icons });
    for (const template of index.resourceTemplates)
      owners.push({
        words: `Resource template ${template.name}`,
        subject: { kind: 'resourceTemplate', name: template.name },
        icons: template.raw.icons,
      });
    for (const owner of owners) {
      if (!Array.isArray(owner.icons)) continue;
      for (const icon of owner.icons) {
        const src = isObject(icon) && typeof icon.src === 'string' ? icon.src.trim() : undefined;
        if (src === undefined) continue; // the list entry's schema finding
        const shown = jsonText(src.length > SHOWN_CHARS ? `${src.slice(0, SHOWN_CHARS)}…` : src);
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1]?.toLowerCase();
        const base = { subject: owner.subject, evidence: shown, key: src };
        if (scheme === 'https' || scheme === 'http') continue;
        if (scheme === 'data') {
          const type = dataType(src);
          if (type.startsWith('image/')) continue;
          yield { messageId: 'dataNotImage', data: { owner: owner.words, type: type === '' ? 'no media type' : type }, ...base };
          continue;
        }
        yield {
          messageId: 'unsafeScheme',
          data: { owner: owner.words, scheme: scheme ? `the ${scheme}: scheme` : 'no scheme (a relative reference)', src: shown },
          ...base,
        };
      }
    }
  },
});
