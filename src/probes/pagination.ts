/**
 * Tool probe `pagination`: each list/search tool with a limit parameter that the policy lets
 * mcplint run is called with a small limit; its answer must carry has_more and next_offset or
 * next_cursor and no more items than asked (pagination-metadata).
 */
import { isObject } from '../shared/json.js';
import { isLimitParam, isListingTool, topLevelParams, typesOf } from '../shared/tool-params.js';
import { validArguments } from './args.js';
import { toolListProblem, type ProbeModule, type StepSpec } from './probe.js';

export const PAGINATION_LIMIT = 1;

export const paginationProbe: ProbeModule = {
  id: 'pagination',
  kind: 'tool',
  plan(ctx) {
    const problem = toolListProblem(ctx);
    if (problem) return { skip: problem };
    const steps: StepSpec[] = [];
    for (const tool of ctx.tools) {
      if (!isListingTool(tool.name) || !isObject(tool.inputSchema)) continue;
      const schema = tool.inputSchema;
      const limit = topLevelParams(schema).find(([param, paramSchema]) => isLimitParam(tool.name, schema, param, paramSchema));
      if (!limit) continue; // list-tools-paginated's business
      const [limitParam, limitSchema] = limit;
      const types = typesOf(limitSchema);
      if (types.length > 0 && !types.includes('integer') && !types.includes('number')) continue;
      const permission = ctx.permissions.get(tool.name)!;
      if (!permission.validCalls.allowed) continue; // valid-calls says why
      const minimum = isObject(limitSchema) && typeof limitSchema.minimum === 'number' ? Math.ceil(limitSchema.minimum) : undefined;
      const n = minimum !== undefined && minimum > PAGINATION_LIMIT ? minimum : PAGINATION_LIMIT;
      // The limit is mcplint's to choose, even when the schema requires it without a default.
      const properties = isObject(schema.properties) ? schema.properties : {};
      const withLimit = {
        ...schema,
        properties: { ...properties, [limitParam]: { ...(isObject(limitSchema) ? limitSchema : {}), default: n } },
      };
      const valid = validArguments(withLimit, ctx.config.args[tool.name], permission.userArgsOnly);
      if (!valid.ok) continue; // valid-calls says why
      const args: Record<string, unknown> = { ...valid.args, [limitParam]: n };
      const format = isObject(schema.properties) ? schema.properties.response_format : undefined;
      if (!('response_format' in args) && isObject(format) && Array.isArray(format.enum) && format.enum.includes('json'))
        args.response_format = 'json';
      steps.push({
        method: 'tools/call',
        params: { name: tool.name, arguments: args },
        tool: tool.name,
        purpose: 'pagination',
        reason: `a page of ${n} (${limitParam}: ${n}) must hold at most ${n} item${n === 1 ? '' : 's'} and say whether there are more (has_more) and how to get them (next_offset or next_cursor)`,
        detail: { limitParam, limit: n },
      });
    }
    if (steps.length === 0) return { skip: 'no list or search tool with a limit parameter can be called with valid arguments' };
    return { steps };
  },
};
