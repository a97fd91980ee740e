/** The published config JSON Schema file: the registry's configSchema(), pretty-printed. */
import { configSchema } from '../src/config/config.js';
import type { Rule } from '../src/engine/rule.js';

export const CONFIG_SCHEMA_FILE = 'schema/mcplint.config.schema.json';

export function configSchemaText(rules: readonly Rule[]): string {
  return JSON.stringify(configSchema(rules), null, 2) + '\n';
}
