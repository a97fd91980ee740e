/**
 * `mcplint mcp`: mcplint as a stdio MCP server, on the official SDK's low-level server API (so the
 * tools list exactly the JSON Schemas of tool-definitions.ts). The SDK is loaded here only, by
 * dynamic import: a normal lint never loads it. Resolves when the client closes the connection.
 */
import { VERSION } from '../../shared/version.js';
import { checkArguments } from './arguments.js';
import { lintServerTool } from './lint-tool.js';
import { LintStore } from './lint-store.js';
import { planProbesTool } from './plan-tool.js';
import { REVIEW_PROMPT, reviewPromptText } from './review-prompt.js';
import { fixServerTool } from './fix-tool.js';
import { explainRuleTool, listRulesTool, loadRules, RULE_URI_PREFIX, ruleDocument, ruleUri } from './rules-tools.js';
import type { ToolContext } from './tool-context.js';
import { toolError, type ToolResult } from './tool-result.js';
import { EXPLAIN_RULE, FIX_SERVER, LINT_SERVER, LIST_RULES, PLAN_PROBES, TOOLS, type ToolDefinition } from './tool-definitions.js';

/** What the server tells a client about itself in the handshake. */
const INSTRUCTIONS =
  'mcplint checks MCP servers against the MCP specification and the server-building guidelines. ' +
  'Lint the server you are building with mcplint_lint_server after each change (it reports what changed since the last lint); ' +
  'mcplint_explain_rule says why a finding matters and how to fix it. The review_server prompt walks through a whole review.';

export async function serveMcp(): Promise<void> {
  const [{ Server }, { StdioServerTransport }, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const { McpError, ErrorCode } = types;
  const server = new Server(
    { name: 'mcplint-mcp-server', title: 'mcplint', version: VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  const store = new LintStore();
  const handlers: Record<string, (args: Record<string, unknown>, context: ToolContext) => Promise<ToolResult>> = {
    [LINT_SERVER.name]: (args, context) => lintServerTool(args, context, store),
    [PLAN_PROBES.name]: (args, context) => planProbesTool(args, context),
    [FIX_SERVER.name]: (args, context) => fixServerTool(args, context),
    [EXPLAIN_RULE.name]: (args) => explainRuleTool(args),
    [LIST_RULES.name]: (args) => listRulesTool(args),
  };
  const byName = new Map<string, ToolDefinition>(TOOLS.map((t) => [t.name, t]));

  server.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools: TOOLS.map((t) => ({ ...t })) }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is a protocol error (the spec's -32602), not a result.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 200)}`);
    const checked = checkArguments(tool, request.params.arguments);
    if (!checked.ok) {
      return toolError(
        `invalid arguments for ${tool.name}: ${checked.problems.join('; ')}`,
        'Fix them as its inputSchema says, then call it again.',
      );
    }
    const token = request.params._meta?.progressToken;
    let sent = 0;
    const context: ToolContext = {
      signal: extra.signal,
      ...(token !== undefined
        ? {
            progress: (message: string) => {
              // Progress notifications are best effort: a closed connection must not fail the call.
              extra
                .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: ++sent, message } })
                .catch(() => undefined);
            },
          }
        : {}),
    };
    try {
      return await handlers[tool.name]!(checked.args, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return toolError(
        `mcplint failed inside ${tool.name}: ${message.slice(0, 500)}`,
        'This is a bug in mcplint; please report it with the arguments you gave.',
      );
    }
  });

  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({
    resources: (await loadRules()).map((rule) => ({
      uri: ruleUri(rule.id),
      name: rule.id,
      title: `Rule ${rule.id}`,
      description: rule.summary,
      mimeType: 'text/markdown',
    })),
  }));
  server.setRequestHandler(types.ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: `${RULE_URI_PREFIX}{id}`,
        name: 'rule',
        title: 'Rule Document',
        description: "One mcplint rule's document (what it checks, why, bad and good examples), by rule id.",
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const id = uri.startsWith(RULE_URI_PREFIX) ? uri.slice(RULE_URI_PREFIX.length) : undefined;
    const rule = id === undefined ? undefined : (await loadRules()).find((r) => r.id === id);
    // The spec's "Resource not found" (-32002).
    if (!rule) throw new McpError(-32002, `Resource not found: ${uri.slice(0, 200)} (rules are at ${RULE_URI_PREFIX}<rule-id>)`, { uri });
    return { contents: [{ uri, mimeType: 'text/markdown', text: ruleDocument(rule) }] };
  });

  server.setRequestHandler(types.ListPromptsRequestSchema, () => ({
    prompts: [{ ...REVIEW_PROMPT, arguments: [...REVIEW_PROMPT.arguments] }],
  }));
  server.setRequestHandler(types.GetPromptRequestSchema, (request) => {
    if (request.params.name !== REVIEW_PROMPT.name)
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name.slice(0, 200)}`);
    const args = request.params.arguments ?? {};
    if (!args.command?.trim())
      throw new McpError(ErrorCode.InvalidParams, 'review_server needs the argument "command", e.g. "node dist/index.js"');
    return {
      description: REVIEW_PROMPT.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: reviewPromptText(args) } }],
    };
  });

  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // stdin ended: the client is gone.
  process.stdin.once('end', () => void server.close());
  await closed;
}
