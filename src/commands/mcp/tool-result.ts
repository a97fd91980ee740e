/**
 * The results `mcplint mcp` tools return: the text in the format asked for (Markdown or JSON,
 * never longer than TEXT_LIMIT) beside the structuredContent the output schema describes, and
 * isError results that say what to do next.
 */
import { inertLine } from '../../shared/inert.js';
import { clip } from '../../shared/text.js';
export type ResponseFormat = 'markdown' | 'json';

/** What one answer's text may hold (the guide's 25,000 characters). */
export const TEXT_LIMIT = 25_000;

export interface ToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

export function toolResult(
  data: Record<string, unknown>,
  format: ResponseFormat,
  markdown: (data: Record<string, unknown>) => string,
): ToolResult {
  return {
    content: [{ type: 'text', text: bounded(format === 'json' ? JSON.stringify(data, null, 2) : markdown(data)) }],
    structuredContent: data,
  };
}

/** `problem`: what went wrong; `next`: what to do about it. */
export function toolError(problem: string, next: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: bounded(`Error: ${problem}. ${next}`) }] };
}

/** A last guard: pages are sized below the limit, but a text must never pass it silently. */
export function bounded(text: string): string {
  if (text.length <= TEXT_LIMIT) return text;
  const note = `\n\n[Truncated at ${TEXT_LIMIT} characters. Ask for a smaller limit, or the next page with cursor/offset.]`;
  return text.slice(0, TEXT_LIMIT - note.length) + note;
}

/** One line of a Markdown list or table cell: no line breaks, cut at `max` characters. */
export function oneLine(text: string, max = 500): string {
  // Whitespace folded, then every control a terminal or a renderer would act on shown as text
  // (src/shared/inert.ts): answers carry the linted server's words to an agent and its terminal.
  return clip(inertLine(text.replace(/\s+/g, ' ').trim()), max, { fit: true });
}
