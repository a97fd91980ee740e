/**
 * JSON text of any JSON value a server sent, however deep: JSON.stringify overflows the stack
 * at a few thousand levels, so deeper values are written by an explicit-stack serialiser that
 * gives the same text (same key order, escapes, and omissions of undefined and functions; parsed
 * JSON has no toJSON methods, so they are not called).
 */
import { nestsDeeperThan } from './json-depth.js';

/** Like JSON.stringify(value) without replacer or indentation, for values of any depth. */
export function jsonText(value: unknown): string | undefined {
  // The native serialiser first: measuring the depth beforehand walked every value a second time.
  // When it runs out of stack it throws a RangeError, and the explicit-stack one takes over.
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError) || !nestsDeeperThan(value, NATIVE_DEPTH)) throw error;
    return deepJsonText(value);
  }
}

/**
 * JSON texts of frozen values (a frozen capture's list entries): the redaction's scan for secrets
 * and the rules' pre-filters and size checks read the same texts, so each is written once.
 * A value that is not frozen could still change, so its text is written afresh every time.
 */
const frozenTexts = new WeakMap<object, string | undefined>();

/** jsonText(value), kept for frozen objects. */
export function frozenJsonText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return jsonText(value);
  if (frozenTexts.has(value)) return frozenTexts.get(value);
  const text = jsonText(value);
  frozenTexts.set(value, text);
  return text;
}

/** Shallower than this the native serialiser never runs out of stack: a RangeError there is another one (a string too long). */
const NATIVE_DEPTH = 1000;

const skipped = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

type Step = string | { readonly value: unknown };

function deepJsonText(root: unknown): string | undefined {
  if (skipped(root)) return undefined;
  const out: string[] = [];
  // Work items in reverse order: literal text to emit, or a value to write.
  const pending: Step[] = [{ value: root }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    if (typeof step === 'string') {
      out.push(step);
      continue;
    }
    const value = step.value;
    if (typeof value !== 'object' || value === null) {
      out.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    const steps: Step[] = [];
    if (Array.isArray(value)) {
      steps.push('[');
      for (let i = 0; i < value.length; i++) {
        if (i > 0) steps.push(',');
        const item: unknown = value[i];
        steps.push(skipped(item) ? 'null' : { value: item });
      }
      steps.push(']');
    } else {
      steps.push('{');
      let first = true;
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (skipped(item)) continue;
        steps.push(`${first ? '' : ','}${JSON.stringify(key)}:`, { value: item });
        first = false;
      }
      steps.push('}');
    }
    for (let i = steps.length - 1; i >= 0; i--) pending.push(steps[i]!);
  }
  return out.join('');
}
