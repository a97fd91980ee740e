/** Evidence for a JSON pointer into a value: the value there as short JSON, or its parent's when it is missing. */
import { clip } from '../../src/shared/text.js';
import { jsonText } from '../../src/shared/json-text.js';

export function quoteAt(root: unknown, pointer: string): string {
  const parts =
    pointer === ''
      ? []
      : pointer
          .split('/')
          .slice(1)
          .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown = root;
  let reached = '';
  for (const part of parts) {
    if (typeof value !== 'object' || value === null || !(part in value)) break;
    value = (value as Record<string, unknown>)[part];
    reached += `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return `${reached || '(root)'}: ${clip(jsonText(value) ?? 'undefined', 200)}`;
}
