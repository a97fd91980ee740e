/**
 * Where each value of a JSON text sits, by JSON pointer: an object member at its key, an array
 * element at its first character (1-based line and column). For findings about a manifest
 * (src/connect/manifest/) that must point at a line of the file. One linear pass, iterative (no
 * stack for deep nesting), and at most `cap` pointers kept, so a huge file cannot grow the map.
 * The text must be valid JSON (parse it first); an invalid one yields what was read before the fault.
 */
import type { TextPosition } from './json-position.js';

/** Escape a key for a JSON pointer (RFC 6901). */
export function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function jsonPointerPositions(text: string, cap = 10_000): Record<string, TextPosition> {
  const positions: Record<string, TextPosition> = Object.create(null);
  let count = 0;
  let line = 1;
  let lineStart = 0;
  /** Open containers: the pointer of each, and for arrays the next element's index. */
  const stack: { pointer: string; array: boolean; next: number }[] = [];
  let pendingKey: string | undefined;
  const record = (pointer: string, at: number) => {
    if (count >= cap) return;
    positions[pointer] = { line, column: at - lineStart + 1 };
    count++;
  };
  /** The pointer of the value starting now, recorded at `at` when it is an array element. */
  const valuePointer = (at: number): string | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.array) {
      const pointer = `${top.pointer}/${top.next++}`;
      record(pointer, at);
      return pointer;
    }
    const key = pendingKey;
    pendingKey = undefined;
    return key === undefined ? undefined : `${top.pointer}/${pointerToken(key)}`;
  };
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x2c || c === 0x3a) {
      if (c === 0x2c) expectKey = stack[stack.length - 1]?.array === false;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      const pointer = valuePointer(i) ?? '';
      stack.push({ pointer, array: c === 0x5b, next: 0 });
      expectKey = c === 0x7b;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
      continue;
    }
    if (c === 0x22) {
      const start = i;
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c ? 2 : 1;
      if (expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(start, end + 1)) as string;
        } catch {
          return positions;
        }
        const top = stack[stack.length - 1]!;
        record(`${top.pointer}/${pointerToken(key)}`, start);
        pendingKey = key;
        expectKey = false;
      } else valuePointer(start);
      i = end;
      continue;
    }
    // A number or a literal: past it.
    valuePointer(i);
    while (i + 1 < text.length && !',]} \t\r\n'.includes(text[i + 1]!)) i++;
  }
  return positions;
}
