import { isObject } from '../src/shared/json.js';
import { defineRule, type Report } from '../src/engine/rule.js';

const FORM_WORDS = {
  object: 'z.object(…)',
  rawShape: 'shape (which the SDK wraps in a plain z.object)',
  parse: 'z.object(…) that parses the arguments',
  pydantic: 'Pydantic model',
} as const;

const messages = {
  strips:
    'Tool "{{name}}" advertises "additionalProperties": false, but its zod input {{form}} at {{file}}:{{line}} is not .strict(), so unknown arguments are silently dropped instead of rejected; add .strict() so a misspelt argument fails with an error the agent can correct.',
  ignores:
    'Tool "{{name}}" advertises "additionalProperties": false, but its Pydantic input model at {{file}}:{{line}} does not forbid extra fields, so unknown arguments are silently ignored instead of rejected; set model_config = ConfigDict(extra="forbid") so a misspelt argument fails with an error the agent can correct.',
};

export default defineRule({
  id: 'source-loose-zod',
  category: 'source',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['input-validation-models'],
  summary:
    'A tool whose inputSchema promises "additionalProperties": false validates its arguments with a strict zod object, so unknown arguments are rejected rather than silently dropped.',
  references: [
    { title: 'Server-building guide — TypeScript Implementation (MCP SDK), Quick Start: z.object({…}).strict()' },
    { title: 'Server-building guide — TypeScript Implementation (MCP SDK), Key Features: "Zod schemas for runtime validation"' },
  ],
  messages,
  requires: ['source', 'tools'],
  fix: {
    safety: 'unsafe',
    summary:
      'Adds `.strict()` to the tool\'s loose zod input objects (a raw shape given to registerTool becomes `z.object({…}).strict()`); a Pydantic model gets `model_config = ConfigDict(extra="forbid")`.',
  },
  *check({ source, index }): Generator<Report<keyof typeof messages>> {
    if (!source) return;
    const reported = new Set<string>();
    for (const loose of source.looseZodObjects) {
      if (loose.tool === undefined || reported.has(loose.tool)) continue;
      const tool = index.toolsByName.get(loose.tool);
      // An advertised schema that is open is input-schema-strict's finding (the same defect).
      if (!tool || !isObject(tool.inputSchema) || tool.inputSchema.additionalProperties !== false) continue;
      reported.add(loose.tool);
      yield {
        messageId: loose.form === 'pydantic' ? 'ignores' : 'strips',
        data: { name: loose.tool, form: FORM_WORDS[loose.form], file: loose.file, line: loose.line },
        subject: { kind: 'tool', name: loose.tool, pointer: '/inputSchema' },
        evidence: loose.text,
      };
    }
  },
});
