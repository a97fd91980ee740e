/**
 * Where JSON.parse gave up, as a 1-based line and column with the parser's reason: Node 20 says
 * only "… in JSON at position N", which nobody can find in an editor.
 */

export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export interface JsonSyntaxProblem {
  /** Absent when the parser named no position (Node 20: "Unexpected end of JSON input" is at the end). */
  readonly position?: TextPosition;
  /** The parser's reason without its position ("Expected ',' or '}' after property value"). */
  readonly reason: string;
}

/** The 1-based line and column of the UTF-16 `offset` in `text`. */
export function positionAt(text: string, offset: number): TextPosition {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}

/** What JSON.parse's error says about `text` (the text it was given). */
export function jsonSyntaxProblem(text: string, error: unknown): JsonSyntaxProblem {
  // V8 may quote the text around the fault ("Unexpected token '{', "…" is not valid JSON"), newlines and all.
  const said = (error instanceof Error ? error.message : String(error)).replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
  const message = said.split('\n')[0]!.replace(/ is not valid JSON$/, '');
  // Node 20: "… in JSON at position 10"; Node 22 adds " (line 2 column 3)"; both dropped from the reason.
  const at = /\s+(?:in JSON\s+)?at position (\d+)(?:\s*\(line \d+ column \d+\))?/.exec(message);
  if (at) return { position: positionAt(text, Number(at[1])), reason: message.replace(at[0], '').trim() };
  // Messages without a position: the scanner finds it.
  const offset = jsonErrorOffset(text);
  const reason = /Unexpected end of JSON input/.test(message) ? 'unexpected end of the file' : message;
  return { ...(offset !== undefined ? { position: positionAt(text, offset) } : {}), reason };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * The offset of the first character that makes `text` invalid JSON (its length when the text ends
 * too soon), or undefined when it is valid. Iterative, so nesting depth costs no stack.
 */
export function jsonErrorOffset(text: string): number | undefined {
  type State = 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'commaOrEnd' | 'done';
  const open: string[] = [];
  let state: State = 'value';
  let i = 0;
  const after = (): State => (open.length === 0 ? 'done' : 'commaOrEnd');
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = i;
    if (!pattern.test(text)) return false;
    i = pattern.lastIndex;
    return true;
  };
  /** Past a string starting at i; false (i at the fault) when it is not one. */
  const string = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c === 0x5c) {
        if (!match(ESCAPE)) return false;
      } else if (c < 0x20) return false;
      else i++;
    }
    return false;
  };
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
    if (i >= text.length) return state === 'done' ? undefined : text.length;
    const c = text[i]!;
    if (state === 'done') return i;
    if (state === 'value' || state === 'valueOrEnd') {
      if (state === 'valueOrEnd' && c === ']') {
        open.pop();
        i++;
        state = after();
      } else if (c === '{' || c === '[') {
        open.push(c);
        i++;
        state = c === '{' ? 'keyOrEnd' : 'valueOrEnd';
      } else if (c === '"' ? string() : match(NUMBER) || match(LITERAL)) state = after();
      else return i;
    } else if (state === 'key' || state === 'keyOrEnd') {
      if (state === 'keyOrEnd' && c === '}') {
        open.pop();
        i++;
        state = after();
      } else if (c === '"' && string()) state = 'colon';
      else return i;
    } else if (state === 'colon') {
      if (c !== ':') return i;
      i++;
      state = 'value';
    } else {
      const top = open[open.length - 1];
      if (c === ',') state = top === '{' ? 'key' : 'value';
      else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        open.pop();
        state = after();
      } else return i;
      i++;
    }
  }
}

/** "file:line:column: reason" (or "file: reason" without a position), one line. */
export function describeJsonSyntax(file: string, text: string, error: unknown): string {
  const { position, reason } = jsonSyntaxProblem(text, error);
  return `${file}${position ? `:${position.line}:${position.column}` : ''}: not valid JSON: ${reason}`;
}
