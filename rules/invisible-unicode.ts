import { defineRule, type Report, subjectLabel } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { placeInWords, surfaceTexts } from './lib/surface.js';

type Kind = 'bidi' | 'tag' | 'zero-width';

const KIND_WORDS: Record<Kind, string> = {
  bidi: 'bidirectional control',
  tag: 'Unicode tag',
  'zero-width': 'zero-width',
};

/** Candidates; legitimate uses (emoji sequences, joiners in scripts that need them, a leading BOM) are filtered below. */
const SUSPECT = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060-\u2064\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/g;
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\uFE0F|\p{Emoji_Modifier}/u;
/** Scripts whose spelling needs ZWJ/ZWNJ (Arabic, Persian, Indic, Sinhala, Myanmar, Khmer…). */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}]/u;
const ANY_SUSPECT = new RegExp(SUSPECT.source);

function kindOf(code: number): Kind {
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return 'bidi';
  if (code >= 0xe0000 && code <= 0xe007f) return 'tag';
  return 'zero-width';
}

/** The code point before `index` (a full surrogate pair when there is one). */
function before(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text[index - 1]!;
}

interface Hit {
  index: number;
  code: number;
  kind: Kind;
}

/** Subdivision flags (England, Scotland, Wales): U+1F3F4, tag letters, CANCEL TAG. */
const FLAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** Invisible characters that have no legitimate reason to be where they are. */
export function invisibleCharacters(text: string): Hit[] {
  const masked = text.replace(FLAG_SEQUENCE, (m) => ' '.repeat(m.length));
  const hits: Hit[] = [];
  for (const m of masked.matchAll(SUSPECT)) {
    const index = m.index;
    const code = m[0].codePointAt(0)!;
    if (code === 0xfeff && index === 0) continue; // a byte-order mark left at the start
    if (code === 0x200d || code === 0x200c) {
      const prev = before(masked, index);
      const next = String.fromCodePoint(masked.codePointAt(index + 1) ?? 0x20);
      if (code === 0x200d && PICTOGRAPHIC.test(prev) && PICTOGRAPHIC.test(next)) continue; // emoji ZWJ sequence
      if (JOINING_SCRIPT.test(prev) || JOINING_SCRIPT.test(next)) continue;
    }
    hits.push({ index, code, kind: kindOf(code) });
  }
  return hits;
}

/** The text around the first hit: a run of tag characters spelled out, every other invisible character as ⟨U+XXXX⟩. */
function evidenceOf(text: string, hits: Hit[]): string {
  const first = hits[0]!.index;
  const start = Math.max(0, first - 60);
  const shown = text
    .slice(start)
    .replace(/(?:\uDB40[\uDC00-\uDC7F])+/g, (run) => {
      const hidden = [...run].map((c) => String.fromCharCode(c.codePointAt(0)! - 0xe0000)).join('');
      return `⟨${[...run].length} tag characters: "${clip(hidden, 120)}"⟩`;
    })
    .replace(new RegExp(SUSPECT.source, 'g'), (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
  return `${start > 0 ? '…' : ''}${clip(shown, 300)}`;
}

const messages = {
  invisible:
    '{{subject}} has {{count}} invisible character{{s}} ({{kinds}}) in {{where}}; people reviewing the server cannot see {{them}} but the model reads {{them}}, so remove {{them}}.',
};

export default defineRule({
  id: 'invisible-unicode',
  category: 'security',
  basis: 'guideline',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  // It reads every tool's texts, so each tool gets a verdict (a finding about the server's own texts fails them all).
  scoreScope: 'tools',
  summary:
    'Names, descriptions and schemas contain no invisible Unicode: no zero-width characters, bidirectional controls or tag characters.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — Security and Trust & Safety § Tool Safety: descriptions of tool behavior are untrusted unless from a trusted server',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25#tool-safety',
    },
    { title: 'Server-building guide — Privacy and Data Protection: "Provide clear information about what data is accessed"' },
    { title: 'Unicode Technical Standard #39 — Unicode Security Mechanisms', url: 'https://www.unicode.org/reports/tr39/' },
  ],
  messages,
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    for (const item of surfaceTexts(capture, index, { prefilter: (json) => ANY_SUSPECT.test(json) })) {
      if (!ANY_SUSPECT.test(item.text)) continue;
      const hits = invisibleCharacters(item.text);
      if (hits.length === 0) continue;
      const one = hits.length === 1;
      const kindList = [...new Set(hits.map((h) => h.kind))].map((k) => KIND_WORDS[k]);
      const kinds = `${kindList.length > 1 ? `${kindList.slice(0, -1).join(', ')} and ${kindList.at(-1)}` : kindList[0]} character${one ? '' : 's'}`;
      yield {
        messageId: 'invisible',
        data: {
          subject: subjectLabel(item.subject, { capital: true }),
          count: hits.length,
          s: one ? '' : 's',
          kinds,
          where: item.isKey ? `a property name in ${placeInWords(item.subject, item.pointer)}` : placeInWords(item.subject, item.pointer),
          them: one ? 'it' : 'them',
        },
        subject: item.subject,
        key: `${item.isKey ? 'key' : 'value'}:${item.pointer}`,
        evidence: evidenceOf(item.text, hits),
      };
    }
  },
});
