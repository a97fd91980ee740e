/**
 * The tools of `mcplint mcp`, as the server-building guide that mcplint enforces asks: service
 * prefix, verb first, a title, all four annotations told truthfully, strict and bounded input
 * schemas, an output schema for the structuredContent every result carries, and a
 * response_format choice. Plain JSON Schema (draft 2020-12 compatible), so what is listed is
 * exactly what is written here.
 */
import { CATEGORY_WEIGHTS } from '../../score/score.js';
import { KNOWN_PROTOCOL_VERSIONS } from '../../shared/protocol-version.js';

type JsonSchema = Readonly<Record<string, unknown>>;

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

/** Findings per page: the default and the most one page may hold. */
export const FINDINGS_PAGE = { default: 20, max: 100 } as const;
/** Rules per page of mcplint_list_rules. */
export const RULES_PAGE = { default: 50, max: 100 } as const;

const responseFormat = {
  type: 'string',
  enum: ['markdown', 'json'],
  default: 'markdown',
  description: 'Output format of the text content: "markdown" to read, "json" to process further. structuredContent is always JSON.',
} as const;

const PATH_MAX = 4096;

/** Which server to start or reach: a command (with args, cwd, env) or a URL. */
const targetProperties = {
  command: {
    type: 'string',
    minLength: 1,
    maxLength: PATH_MAX,
    description: 'The program that starts the stdio MCP server to check, e.g. "node" or "python". Give command, url or config_file.',
  },
  args: {
    type: 'array',
    items: { type: 'string', maxLength: PATH_MAX },
    maxItems: 100,
    default: [],
    description: 'Arguments of command, e.g. ["dist/index.js"].',
  },
  cwd: {
    type: 'string',
    minLength: 1,
    maxLength: PATH_MAX,
    description: "The server's working directory (default: mcplint's own). Relative paths in args are read from it.",
  },
  env: {
    type: 'object',
    additionalProperties: { type: 'string', maxLength: PATH_MAX },
    propertyNames: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 256 },
    maxProperties: 100,
    default: {},
    description: 'Extra environment variables for the server, e.g. {"API_KEY": "…"}. Their values are redacted from every answer.',
  },
  url: {
    type: 'string',
    minLength: 8,
    maxLength: 2048,
    pattern: '^https?://',
    description: 'The URL of a Streamable HTTP (or legacy HTTP+SSE) MCP server, instead of a command, e.g. "http://localhost:3000/mcp".',
  },
  config_file: {
    type: 'string',
    minLength: 1,
    maxLength: PATH_MAX,
    description:
      'A client config that declares the server (Claude .mcp.json, Cursor .cursor/mcp.json, VS Code .vscode/mcp.json, Gemini settings.json…), instead of command or url; with server.',
  },
  server: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    description: 'With config_file: the name of the server entry to check, e.g. "weather".',
  },
  protocol_version: {
    type: 'string',
    enum: [...KNOWN_PROTOCOL_VERSIONS],
    description: "The MCP protocol version to ask for in the handshake (default: mcplint's default, 2025-11-25).",
  },
  timeout_ms: {
    type: 'integer',
    minimum: 1000,
    maximum: 120_000,
    description:
      "How long mcplint waits for each answer of the server, in milliseconds (1000-120000; absent: the config's timeout, else 10000).",
  },
} as const;

const probeProperties = {
  probes: {
    type: 'boolean',
    description:
      "Call the server's read-only tools (valid and invalid arguments) to check how they behave (absent: true, unless mcplint's config says otherwise). false: only judge what is listed.",
  },
  protocol_probes: {
    type: 'boolean',
    description:
      'Send the protocol probes: ping, unknown method, bad cursor, version negotiation (absent: true, unless the config says otherwise).',
  },
} as const;

const scoreSchema = {
  type: 'object',
  properties: {
    score: { type: 'number', description: 'From 0 to 100.' },
    grade: { type: 'string', enum: ['A', 'B', 'C', 'D', 'F'] },
  },
  required: ['score', 'grade'],
} as const;

const findingSchema = {
  type: 'object',
  properties: {
    rule_id: { type: 'string', description: 'The rule that found it; mcplint_explain_rule tells why it matters and how to fix it.' },
    level: { type: 'string', enum: ['error', 'warning', 'note'] },
    message: { type: 'string' },
    subject: { type: 'string', description: 'What it is about: server, transport, tool "x", prompt "y", …' },
    location: { type: 'string', description: 'Where to fix it: file:line:column when mcplint found the source, else the file.' },
    evidence: { type: 'string', description: 'What mcplint saw, quoted.' },
    fix: { type: 'string', description: 'What mcplint_fix would change, when the rule has a fix for it.' },
    fingerprint: { type: 'string', description: 'Stable identity of the finding across lints.' },
  },
  required: ['rule_id', 'level', 'message', 'subject', 'fingerprint'],
} as const;

const lintOutput = {
  type: 'object',
  properties: {
    server: { type: 'string', description: "The server's name and version, else its command or URL." },
    handshake_ok: { type: 'boolean' },
    protocol_version: { type: 'string', description: 'The protocol version the server agreed to.' },
    score: scoreSchema,
    counts: {
      type: 'object',
      properties: { error: { type: 'integer' }, warning: { type: 'integer' }, note: { type: 'integer' } },
      required: ['error', 'warning', 'note'],
    },
    total_count: { type: 'integer', description: 'Findings in the whole lint.' },
    count: { type: 'integer', description: 'Findings on this page.' },
    offset: { type: 'integer', description: 'Findings before this page.' },
    has_more: { type: 'boolean' },
    next_cursor: { type: 'string', description: 'Pass as cursor to get the next page of the same lint.' },
    findings: { type: 'array', items: findingSchema },
    skipped_rules: { type: 'integer', description: 'Rules that could not judge this server (their data was missing).' },
    changes: {
      type: 'object',
      description: 'Since the previous lint of the same target in this session.',
      properties: {
        added: { type: 'integer' },
        fixed: { type: 'integer' },
        fixed_rule_ids: { type: 'array', items: { type: 'string' } },
        set_aside: {
          type: 'integer',
          description: 'Findings gone because the config now ignores them or a baseline lists them: not fixed.',
        },
        score_before: { type: 'number' },
        score_after: { type: 'number' },
      },
      required: ['added', 'fixed', 'fixed_rule_ids', 'set_aside', 'score_before', 'score_after'],
    },
    notes: { type: 'array', items: { type: 'string' } },
  },
  required: [
    'server',
    'handshake_ok',
    'score',
    'counts',
    'total_count',
    'count',
    'offset',
    'has_more',
    'findings',
    'skipped_rules',
    'notes',
  ],
} as const;

const ruleSummary = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    category: { type: 'string' },
    severity: {
      type: 'string',
      enum: ['error', 'warning', 'note', 'off'],
      description: "The rule's default level; off: it runs only when enabled.",
    },
    summary: { type: 'string' },
    fixable: { type: 'boolean' },
  },
  required: ['id', 'category', 'severity', 'summary', 'fixable'],
} as const;

export const LINT_SERVER: ToolDefinition = {
  name: 'mcplint_lint_server',
  title: 'Lint MCP Server',
  description:
    'Check an MCP server against the MCP specification and the server-building guidelines: mcplint starts it ' +
    '(command, args, cwd, env) or reaches it (url), records the handshake and the listings, probes its read-only ' +
    'tools, and judges everything with its rules. Use it after each change to a server you are building. Returns ' +
    'the score (0-100, grade A-F), the counts per level and a page of findings (rule_id, level, message, subject, ' +
    'location) with total_count, has_more and next_cursor; pass next_cursor as cursor for the next page. A second ' +
    'lint of the same target also says what changed (new and fixed findings, score before and after). ' +
    'Use mcplint_explain_rule for what a rule_id means and how to fix it.',
  inputSchema: {
    type: 'object',
    properties: {
      ...targetProperties,
      ...probeProperties,
      rules: {
        type: 'array',
        items: { type: 'string', minLength: 3, maxLength: 200, pattern: '^[a-z0-9-]+=(off|note|warning|error)$' },
        maxItems: 100,
        default: [],
        description:
          'Rule levels for this lint, e.g. ["tool-name-verb=off", "response-size-limit=error"]; mcplint_list_rules lists the ids.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: FINDINGS_PAGE.max,
        default: FINDINGS_PAGE.default,
        description: `Findings per page (1-${FINDINGS_PAGE.max}).`,
      },
      cursor: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description:
          'next_cursor of an earlier answer: the next page of that lint, without linting again (no other target argument needed).',
      },
      response_format: responseFormat,
    },
    additionalProperties: false,
  },
  outputSchema: lintOutput,
  annotations: {
    title: 'Lint MCP Server',
    // It starts the given command (a process that may do anything) and talks to it: not read-only, and open-world.
    readOnlyHint: false,
    // mcplint itself writes nothing and calls only the target's read-only tools.
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
};

export const PLAN_PROBES: ToolDefinition = {
  name: 'mcplint_plan_probes',
  title: 'Plan Probe Calls',
  description:
    'Show every call mcplint_lint_server would make to a server before making any: mcplint starts the server (or ' +
    'reaches the url), lists its tools and prints each probe request (probe, method, tool, arguments, why) and each ' +
    'tool it would not call, with the reason. No tool of the server is called. Use it to check that linting a server ' +
    'is safe. Returns steps and skipped_tools (both capped; total counts given).',
  inputSchema: {
    type: 'object',
    properties: { ...targetProperties, ...probeProperties, response_format: responseFormat },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      server: { type: 'string' },
      handshake_ok: { type: 'boolean' },
      total_steps: { type: 'integer' },
      steps: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            probe: { type: 'string' },
            method: { type: 'string' },
            tool: { type: 'string' },
            why: { type: 'string' },
            arguments: { type: 'string', description: 'The params sent, as JSON (cut when long).' },
          },
          required: ['probe', 'method', 'why'],
        },
      },
      total_skipped_tools: { type: 'integer' },
      skipped_tools: {
        type: 'array',
        items: { type: 'object', properties: { tool: { type: 'string' }, reason: { type: 'string' } }, required: ['tool', 'reason'] },
      },
      truncated: { type: 'boolean' },
    },
    required: ['server', 'handshake_ok', 'total_steps', 'steps', 'total_skipped_tools', 'skipped_tools', 'truncated'],
  },
  annotations: { title: 'Plan Probe Calls', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
};

export const EXPLAIN_RULE: ToolDefinition = {
  name: 'mcplint_explain_rule',
  title: 'Explain Rule',
  description:
    "Get one mcplint rule's documentation by its id, as found in a finding's rule_id: what it checks, why it matters, " +
    'a bad and a good example, its level and whether mcplint can fix it. Use it to fix a finding. Returns the ' +
    'document (Markdown) with the rule metadata.',
  inputSchema: {
    type: 'object',
    properties: {
      rule_id: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        pattern: '^[a-z0-9-]+$',
        examples: ['tool-annotations-complete'],
        description: 'The rule id, e.g. "tool-annotations-complete"; mcplint_list_rules lists them.',
      },
      response_format: responseFormat,
    },
    required: ['rule_id'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      ...ruleSummary.properties,
      docs_url: { type: 'string' },
      fix: { type: 'string', description: 'What the fix does, when the rule has one.' },
      documentation: { type: 'string', description: 'The full rule document, Markdown.' },
    },
    required: [...ruleSummary.required, 'docs_url', 'documentation'],
  },
  annotations: { title: 'Explain Rule', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export const LIST_RULES: ToolDefinition = {
  name: 'mcplint_list_rules',
  title: 'List Rules',
  description:
    "List mcplint's rules (id, category, default level, summary, fixable), optionally only those matching search " +
    "words or one category. Use it to find the rule that checks something, or the ids for mcplint_lint_server's " +
    'rules option. Returns a page of rules with total_count, has_more and next_offset.',
  inputSchema: {
    type: 'object',
    properties: {
      search: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'Words to look for in rule ids, summaries and documents, best match first, e.g. "description restates name".',
      },
      category: {
        type: 'string',
        enum: Object.keys(CATEGORY_WEIGHTS),
        description: 'Only the rules of this category, e.g. "naming", "schema", "annotations", "probes".',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: RULES_PAGE.max,
        default: RULES_PAGE.default,
        description: `Rules per page (1-${RULES_PAGE.max}).`,
      },
      offset: { type: 'integer', minimum: 0, maximum: 10_000, default: 0, description: 'Rules to skip, for the next page (next_offset).' },
      response_format: responseFormat,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      total_count: { type: 'integer' },
      count: { type: 'integer' },
      offset: { type: 'integer' },
      has_more: { type: 'boolean' },
      next_offset: { type: 'integer' },
      rules: { type: 'array', items: ruleSummary },
    },
    required: ['total_count', 'count', 'offset', 'has_more', 'rules'],
  },
  annotations: { title: 'List Rules', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export const FIX_SERVER: ToolDefinition = {
  name: 'mcplint_fix',
  title: 'Fix MCP Server',
  description:
    "Fix what mcplint's rules can fix in a server's source (titles, annotations, strict schemas, stdout writes…): " +
    "lints the server, plans each fixable finding's edit on its source, and by default only returns the patch " +
    '(a unified diff; nothing is written). With apply: true it writes the files, starts the server again and ' +
    'lints it to prove the fixes, and writes every file back when they do not hold. Use it after ' +
    'mcplint_lint_server shows fixable findings. Returns the patch or what was written, and the score after.',
  inputSchema: {
    type: 'object',
    properties: {
      ...targetProperties,
      apply: {
        type: 'boolean',
        default: false,
        description: 'false (default): only return the patch. true: write the fixed files in the project, then prove them.',
      },
      unsafe: {
        type: 'boolean',
        default: false,
        description: 'Also the unsafe fixes, those that change what the server accepts or returns (e.g. closing its input schemas).',
      },
      build: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: 'With apply: the command that rebuilds the server after its sources are fixed, e.g. "npm run build" (run in cwd).',
      },
      response_format: responseFormat,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      applied: { type: 'boolean', description: 'Fixes were written, kept, and proven by starting the server again and linting it.' },
      proven_fixes: { type: 'integer', minimum: 0, description: 'How many fixes were written and proven.' },
      unproven_files: {
        type: 'array',
        items: { type: 'string' },
        description: 'Files written and kept without proof: the server runs built files and no build was given; build, then lint again.',
      },
      rolled_back: { type: 'boolean', description: 'Files were written, the fixes did not hold, and every file was written back.' },
      patch: { type: 'string', description: 'The unified diff (without apply), cut when long.' },
      patch_truncated: { type: 'boolean' },
      lines: { type: 'array', items: { type: 'string' }, description: 'What mcplint did, one line each.' },
      score: scoreSchema,
    },
    required: ['applied', 'proven_fixes', 'rolled_back', 'lines', 'score'],
  },
  // It writes the server's source files when asked to (apply): destructive; a second run has nothing left to fix.
  annotations: { title: 'Fix MCP Server', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
};

export const TOOLS: readonly ToolDefinition[] = [LINT_SERVER, PLAN_PROBES, FIX_SERVER, EXPLAIN_RULE, LIST_RULES];
