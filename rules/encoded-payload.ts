import { defineRule, type Report, subjectLabel } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { placeInWords, surfaceTexts } from './lib/surface.js';

interface Options {
  /** Shortest base64 run reported, in characters. */
  minBase64: number;
  /** Shortest hexadecimal run reported, in characters. */
  minHex: number;
}

// Anchored at the start of a run (the lookbehind), so a search costs one pass over the text, not one per character of each word.
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{40,}={0,2}/g;
const HEX_RUN = /\b(?:0x)?[0-9a-fA-F]{40,}\b/g;

/** A run that looks like encoded data rather than a word, a path or an identifier. */
function isBase64Like(run: string): boolean {
  const body = run.replace(/=+$/, '');
  if (/^[0-9a-fA-F]+$/.test(body)) return false; // hex: judged separately
  const upper = (body.match(/[A-Z]/g) ?? []).length;
  const lower = (body.match(/[a-z]/g) ?? []).length;
  const digits = (body.match(/[0-9]/g) ?? []).length;
  // Encoded bytes mix cases and digits throughout; identifiers and slugs do not.
  return upper >= body.length * 0.1 && lower >= body.length * 0.1 && digits >= body.length * 0.02 && !/(.)\1{7,}/.test(body);
}

/** What a base64 run decodes to, when that is readable text. */
function decodedText(run: string): string | undefined {
  try {
    const bytes = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const printable = (text.match(/[\p{L}\p{N}\p{P}\p{Zs}\n\t]/gu) ?? []).length;
    return printable >= text.length * 0.95 ? text.replace(/\s+/g, ' ').trim() : undefined;
  } catch {
    return undefined;
  }
}

const messages = {
  base64:
    '{{subject}} carries a {{length}}-character base64 blob in {{where}}; encoded data in a description is opaque to people reviewing the server but can be decoded by the model, so remove it or say in words what it is.',
  hex: '{{subject}} carries a {{length}}-character hexadecimal blob in {{where}}; encoded data in a description is opaque to people reviewing the server, so remove it or say in words what it is.',
};

export default defineRule<keyof typeof messages, Options>({
  id: 'encoded-payload',
  category: 'security',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: 'none',
  // It reads every tool's texts, so each tool gets a verdict (a finding about the server's own texts fails them all).
  scoreScope: 'tools',
  summary: 'Descriptions carry no base64 or hexadecimal blobs that people cannot read but a model can decode.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — Security and Trust & Safety § Tool Safety: descriptions of tool behavior are untrusted unless from a trusted server',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25#tool-safety',
    },
    { title: 'Server-building guide — Privacy and Data Protection: "Provide clear information about what data is accessed"' },
  ],
  messages,
  options: {
    schema: {
      type: 'object',
      properties: { minBase64: { type: 'integer', minimum: 40 }, minHex: { type: 'integer', minimum: 40 } },
      additionalProperties: false,
    },
    defaults: { minBase64: 200, minHex: 128 },
  },
  *check({ capture, index, options }): Generator<Report<keyof typeof messages>> {
    const shortest = Math.min(options.minBase64, options.minHex);
    for (const item of surfaceTexts(capture, index, { proseOnly: true })) {
      if (item.text.length < shortest) continue;
      const runs = [...item.text.matchAll(BASE64_RUN)];
      // Every hexadecimal run of 40 or more is inside a base64-alphabet run: no run at all, nothing to report.
      if (runs.length === 0) continue;
      const data = { subject: subjectLabel(item.subject, { capital: true }), where: placeInWords(item.subject, item.pointer) };
      const base64 = runs.find((m) => m[0].length >= options.minBase64 && isBase64Like(m[0]));
      if (base64) {
        const run = base64[0];
        const decoded = decodedText(run);
        yield {
          messageId: 'base64',
          data: { ...data, length: run.length },
          subject: item.subject,
          key: item.pointer,
          evidence: `${run.slice(0, 60)}…${decoded ? `\ndecodes to: "${clip(decoded, 160)}"` : ''}`,
        };
        continue;
      }
      const hex = [...item.text.matchAll(HEX_RUN)].find((m) => m[0].replace(/^0x/, '').length >= options.minHex);
      if (hex) {
        yield {
          messageId: 'hex',
          data: { ...data, length: hex[0].length },
          subject: item.subject,
          key: item.pointer,
          evidence: `${hex[0].slice(0, 60)}…`,
        };
      }
    }
  },
});
