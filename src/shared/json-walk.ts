/**
 * Walks over JSON-shaped data (a capture, a report) without recursion: a server can send a schema
 * nested 100,000 levels deep, which JSON.parse accepts and a recursive walk would overflow on.
 * Copies keep every key as data: a `"__proto__"` key is defined as an own property, never
 * assigned (assignment would set the copy's prototype and turn the value into inherited fields).
 */

/** Set `key` on a fresh copy as an own, enumerable data property, whatever its name. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Whether any string of a JSON value (object keys too) passes `test`; stops at the first. */
export function someString(root: unknown, test: (text: string) => boolean): boolean {
  if (typeof root === 'string') return test(root);
  if (!isContainer(root)) return false;
  const pending: object[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string' ? test(item) : false) return true;
        if (isContainer(item)) pending.push(item);
      }
      continue;
    }
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const item = (node as Record<string, unknown>)[key];
      if (test(key) || (typeof item === 'string' && test(item))) return true;
      if (isContainer(item)) pending.push(item);
    }
  }
  return false;
}

export interface MapStringsOptions {
  /** Map object keys too (redaction: a secret can be a key). Default: keys are kept. */
  readonly keys?: (key: string) => string;
}

/**
 * A copy of a JSON value with every string value passed through `map`, which also gets the name
 * of the property holding it (undefined for array items and the root).
 */
export function mapStrings(
  root: unknown,
  map: (text: string, key: string | undefined) => string,
  options: MapStringsOptions = {},
): unknown {
  const mapKey = options.keys;
  const copyOf = (value: unknown, key: string | undefined): unknown => {
    if (typeof value === 'string') return map(value, key);
    if (!isContainer(value)) return value;
    const copy = Array.isArray(value) ? new Array<unknown>(value.length) : {};
    pending.push([value, copy]);
    return copy;
  };
  const pending: [source: object, copy: unknown[] | Record<string, unknown>][] = [];
  const top = copyOf(root, undefined);
  while (pending.length > 0) {
    const [source, copy] = pending.pop()!;
    if (Array.isArray(source)) {
      const items = copy as unknown[];
      for (let i = 0; i < source.length; i++) items[i] = copyOf(source[i], undefined);
      continue;
    }
    const keys = Object.keys(source);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      setOwn(copy as Record<string, unknown>, mapKey ? mapKey(key) : key, copyOf((source as Record<string, unknown>)[key], key));
    }
  }
  return top;
}

interface SharingFrame {
  readonly source: object;
  /** The object's keys; null for an array. */
  readonly keys: readonly string[] | null;
  /** The next child to visit. */
  i: number;
  /** Made once a child comes back changed: the children before it are copied over, and every child after goes in. */
  copy: unknown[] | Record<string, unknown> | undefined;
}

/**
 * Like mapStrings, but what `map` leaves unchanged is shared, not copied: a container is copied
 * only when some string below it changed, and the root itself comes back when nothing did. For
 * passes that rarely change anything (making a report's text inert for a terminal): a full copy of
 * a report with hundreds of thousands of findings doubled its memory.
 */
export function mapStringsSharing(root: unknown, map: (text: string, key: string | undefined) => string): unknown {
  if (typeof root === 'string') return map(root, undefined);
  if (!isContainer(root)) return root;
  const open = (node: object): SharingFrame => ({
    source: node,
    keys: Array.isArray(node) ? null : Object.keys(node),
    i: 0,
    copy: undefined,
  });
  const put = (frame: SharingFrame, value: unknown, original: unknown): void => {
    if (frame.copy === undefined) {
      if (value === original) return;
      if (frame.keys === null) frame.copy = (frame.source as unknown[]).slice(0, frame.i);
      else {
        const copy: Record<string, unknown> = {};
        for (let j = 0; j < frame.i; j++) setOwn(copy, frame.keys[j]!, (frame.source as Record<string, unknown>)[frame.keys[j]!]);
        frame.copy = copy;
      }
    }
    if (frame.keys === null) (frame.copy as unknown[])[frame.i] = value;
    else setOwn(frame.copy as Record<string, unknown>, frame.keys[frame.i]!, value);
  };
  const childOf = (frame: SharingFrame): unknown =>
    frame.keys === null ? (frame.source as unknown[])[frame.i] : (frame.source as Record<string, unknown>)[frame.keys[frame.i]!];
  const stack: SharingFrame[] = [open(root)];
  for (;;) {
    const top = stack[stack.length - 1]!;
    const length = top.keys === null ? (top.source as unknown[]).length : top.keys.length;
    if (top.i < length) {
      const child = childOf(top);
      if (isContainer(child)) {
        stack.push(open(child));
        continue;
      }
      put(top, typeof child === 'string' ? map(child, top.keys === null ? undefined : top.keys[top.i]) : child, child);
      top.i++;
      continue;
    }
    stack.pop();
    const done = top.copy ?? top.source;
    const parent = stack[stack.length - 1];
    if (parent === undefined) return done;
    put(parent, done, childOf(parent));
    parent.i++;
  }
}
