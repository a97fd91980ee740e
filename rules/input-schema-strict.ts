import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { judgeableObjectSchema, shortJson, topLevelParams } from './lib/schema-rules.js';
import { serverLanguage } from './lib/server-language.js';
import { failsServerWide, toolListEvidence } from './lib/server-wide.js';

/** How to close a schema in the server's own language: both ways when its command line does not say. */
const HOW = {
  javascript: { how: 'zod .strict()', howAll: 'zod .strict() on every input object' },
  python: { how: 'Pydantic extra="forbid"', howAll: 'a Pydantic base model with extra="forbid"' },
  unknown: {
    how: 'zod .strict(), Pydantic extra="forbid"',
    howAll: 'zod .strict() on every input object, a Pydantic base model with extra="forbid"',
  },
} as const;

/** Root keywords that build the accepted object elsewhere; this rule does not second-guess them. */
const COMPOSITION = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'if', 'not'];

const messages = {
  open: 'Tool "{{name}}" accepts arguments its inputSchema does not declare; add "additionalProperties": false at the root ({{how}}) so a misspelt or invented argument is rejected instead of silently ignored.',
  openNoParameters:
    'Tool "{{name}}" takes no parameters but its inputSchema accepts any object; declare { "type": "object", "additionalProperties": false } so stray arguments are rejected.',
  serverOpen:
    '{{count}} of {{total}} tools accept arguments their inputSchema does not declare (the server leaves its input schemas open); close them all with "additionalProperties": false at the root, in one place if you can ({{howAll}}), so a misspelt or invented argument is rejected instead of silently ignored.',
};

export default defineRule({
  id: 'input-schema-strict',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['input-validation-models'],
  summary: 'Every tool inputSchema rejects undeclared arguments with "additionalProperties": false at its root.',
  references: [
    { title: 'Server-building guide — TypeScript Implementation (MCP SDK), Quick Start: z.object({…}).strict()' },
    { title: "Server-building guide — Python guide, Tool Structure with FastMCP: model_config extra='forbid'" },
    {
      title:
        'MCP spec 2025-11-25 — server/tools § Tool: for no parameters { "type": "object", "additionalProperties": false } is recommended',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
    },
  ],
  messages,
  requires: ['tools'],
  fix: {
    safety: 'unsafe',
    summary:
      'Closes the input schema at the registration: "additionalProperties": false in a JSON Schema literal, zod `.strict()` (a raw shape becomes `z.object({…}).strict()`); TypeScript and JavaScript only.',
    languages: ['javascript'],
  },
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const advice = HOW[serverLanguage(capture.target)];
    const deviations: Report<keyof typeof messages>[] = [];
    let judged = 0;
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      if (COMPOSITION.some((k) => k in schema)) continue;
      const extra = schema.additionalProperties;
      // A non-trivial schema for extra properties is a deliberate map (e.g. labels: string → string).
      if (isObject(extra) && Object.keys(extra).length > 0) continue;
      judged++;
      if (extra === false || schema.unevaluatedProperties === false) continue;
      const noParameters = topLevelParams(schema).length === 0 && !isObject(schema.patternProperties);
      deviations.push({
        messageId: noParameters ? 'openNoParameters' : 'open',
        data: { name: tool.name, how: advice.how },
        subject: { kind: 'tool', name: tool.name, pointer: '/inputSchema' },
        ...(extra !== undefined ? { evidence: `"additionalProperties": ${shortJson(extra)}` } : {}),
      });
    }
    // Open schemas throughout are one decision of the server (how it builds input models), so one finding.
    if (!failsServerWide(deviations.length, judged)) {
      yield* deviations;
      return;
    }
    const names = deviations.map((d) => String(d.data?.name));
    yield {
      messageId: 'serverOpen',
      data: { count: names.length, total: judged, howAll: advice.howAll },
      subject: { kind: 'server' },
      evidence: toolListEvidence(names),
      tools: names,
    };
  },
});
