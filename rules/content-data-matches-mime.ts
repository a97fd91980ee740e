import type { Capture } from '../src/model/capture.js';
import { defineRule, type Report, type Subject } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { frameOf, probeCalls, rawResultOf } from '../src/model/probe-records.js';
import type { ProbeCall } from '../src/model/probe-types.js';
import { hex, leadingBytes, signatureFor, sniff } from './lib/media-signature.js';

/** Probes whose results carry content blocks or resource contents. */
const PROBES = ['valid-calls', 'pagination', 'invalid-arguments', 'prompts-get', 'resources-read'];

const messages = {
  mismatch:
    '{{where}} declares mimeType "{{mimeType}}", but its base64 bytes {{actual}}; send the bytes the MIME type names (or name the type the bytes are), so clients can decode and show it.',
};

export default defineRule({
  id: 'content-data-matches-mime',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['sample-tool-calls'],
  summary:
    'The base64 data of image and audio blocks and of blob resource contents is what their mimeType says (PNG, JPEG, GIF, WebP, BMP, WAV, MP3, Ogg, FLAC, PDF by their leading bytes).',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/tools § Image Content, § Audio Content',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#image-content',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Binary Content',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#binary-content',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const seen = new Set<string>();
    for (const { probe, call } of resultCalls(capture)) {
      const result = rawResultOf(capture, probe, call);
      for (const payload of payloadsOf(call.method, result)) {
        const signature = signatureFor(payload.mimeType);
        const bytes = leadingBytes(payload.data);
        if (!signature || !bytes || signature.matches(bytes)) continue;
        const found = sniff(bytes);
        const actual =
          bytes.length === 0
            ? 'are empty'
            : found
              ? `are ${article(found)} ${found}`
              : `do not start like ${article(signature.name)} ${signature.name}`;
        const subject: Subject = call.tool ? { kind: 'tool', name: call.tool } : { kind: 'server' };
        const key = `${call.method} ${call.tool ?? ''} ${payload.mimeType} ${found ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        yield {
          messageId: 'mismatch',
          data: { where: `${requestWords(call)}: ${payload.pointer.replace(/\/(data|blob)$/, '')}`, mimeType: payload.mimeType, actual },
          subject,
          key,
          evidence: `${payload.pointer}: first bytes ${hex(bytes) || '(none)'}`,
          ...frameOf(call),
        };
      }
    }
  },
});

/** Said as a word: "an MP3", "an Ogg", "a PNG". */
const article = (name: string): string => (name === 'MP3' || name === 'Ogg' ? 'an' : 'a');

function* resultCalls(capture: Pick<Capture, 'probes'>): Generator<{ probe: string; call: ProbeCall }> {
  for (const probe of PROBES) for (const call of probeCalls(capture, probe)) if (call.answer.kind === 'result') yield { probe, call };
}

interface Payload {
  readonly pointer: string;
  readonly data: string;
  readonly mimeType: string;
}

/** Every base64 payload of a result with its declared MIME type: image/audio blocks and blob contents. */
function payloadsOf(method: string, result: unknown): Payload[] {
  if (!isObject(result)) return [];
  const out: Payload[] = [];
  const block = (value: unknown, pointer: string) => {
    if (!isObject(value)) return;
    if ((value.type === 'image' || value.type === 'audio') && typeof value.data === 'string' && typeof value.mimeType === 'string')
      out.push({ pointer: `${pointer}/data`, data: value.data, mimeType: value.mimeType });
    if (value.type === 'resource') contents(value.resource, `${pointer}/resource`);
  };
  const contents = (value: unknown, pointer: string) => {
    if (isObject(value) && typeof value.blob === 'string' && typeof value.mimeType === 'string')
      out.push({ pointer: `${pointer}/blob`, data: value.blob, mimeType: value.mimeType });
  };
  if (method === 'tools/call' && Array.isArray(result.content)) result.content.forEach((b, i) => block(b, `/content/${i}`));
  if (method === 'prompts/get' && Array.isArray(result.messages))
    result.messages.forEach((m, i) => isObject(m) && block(m.content, `/messages/${i}/content`));
  if (method === 'resources/read' && Array.isArray(result.contents)) result.contents.forEach((c, i) => contents(c, `/contents/${i}`));
  return out;
}

function requestWords(call: ProbeCall): string {
  const params = isObject(call.params) ? call.params : {};
  if (call.method === 'tools/call') return `The result of tools/call "${call.tool ?? String(params.name)}"`;
  if (call.method === 'prompts/get') return `The prompt "${String(params.name)}"`;
  return `The contents of ${String(params.uri)}`;
}
