import { MAX_TIMEOUT_MS } from '../model/timeouts.js';

/** The JSON Schema of the `probes` section of mcplint's config (validated at load, published for editors). */
export const PROBES_CONFIG_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  description:
    'Behaviour probes. By default only tools annotated readOnlyHint: true (and not destructive) are called; valid calls also need openWorldHint: false. See `mcplint plan`.',
  properties: {
    enabled: { type: 'boolean', description: 'false turns tool probes off, like --no-probes. Default true.' },
    protocol: {
      type: 'boolean',
      description:
        'false turns protocol probes (ping, unknown method, bad cursor, version negotiation…) off, like --no-protocol-probes. Default true.',
    },
    allowTools: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      uniqueItems: true,
      description: 'Tools to probe although the safety policy would not call them (give their arguments in args).',
    },
    denyTools: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      uniqueItems: true,
      description: 'Tools never to call, whatever else says so. Wins over allowTools.',
    },
    args: {
      type: 'object',
      additionalProperties: { type: 'object' },
      description: 'Arguments for valid calls, by tool name: { "tool_name": { "param": value } }.',
    },
    timeout: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TIMEOUT_MS,
      description: 'Timeout of each probe call in milliseconds (default: the per-request timeout; at most 600000: 10 minutes).',
    },
    maxResponseChars: {
      type: 'integer',
      minimum: 1,
      description: 'Tool results longer than this must say they were truncated (default 25000).',
    },
    surface: {
      type: 'boolean',
      description:
        'false turns the read-side probes (prompts/get, resources/read, completion, logging, subscribe) off. Default true; --no-probes also turns them off.',
    },
    promptArgs: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
      description: 'Arguments for prompts/get, by prompt name: { "prompt_name": { "arg": "value" } }.',
    },
    maxResourceReads: { type: 'integer', minimum: 0, description: 'At most this many listed resources are read (default 5).' },
    templateVars: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
      description:
        'Resource templates to read, with their variables: { "<uriTemplate>": { "variable": "value" } }. Only simple {variable} expressions are filled in (percent-encoded); templates not named here are not read.',
    },
  },
};
