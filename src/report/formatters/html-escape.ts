/**
 * HTML built so that no string ever becomes markup by accident: the `html` tag escapes every
 * interpolated value, unless the value is Markup the tag itself produced. Server text (names,
 * descriptions, evidence) is only ever a plain string here, so it always lands as text. Values go
 * between tags or inside double-quoted attribute values, never into tag or attribute names.
 */
import { withNoncharactersShown } from '../../shared/inert.js';

/** A fragment of markup made by `html` (or `raw` for the report's own constants). */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Value = Markup | string | number | false | null | undefined | readonly Value[];

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML text or a quoted attribute value: `& < > " '` replaced by entities, and
 * noncharacters (U+FFFE, U+FFFF…) shown as `⟨U+FFFE⟩`: raw or as a character reference, each is a
 * parse error, and a U+FFFE can pass for a byte-order mark.
 */
export function escapeHtml(text: string): string {
  return withNoncharactersShown(text.replace(/[&<>"']/g, (c) => ENTITIES[c]!));
}

function render(value: Value): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/** Template tag: literal parts are markup, every `${value}` is escaped (arrays joined; false/null/undefined omitted). */
export function html(parts: TemplateStringsArray, ...values: readonly Value[]): Markup {
  let out = parts[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + parts[i + 1]!;
  return new Markup(out);
}

/** The report's own constant markup (the stylesheet): never for anything a server or config said. */
export function raw(text: string): Markup {
  return new Markup(text);
}
