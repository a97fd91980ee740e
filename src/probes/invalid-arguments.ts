/**
 * Tool probe `invalid-arguments`: each tool the policy lets mcplint call gets one call whose
 * arguments break its inputSchema in one obvious way (invalid-arguments-rejected,
 * tool-errors-are-results, error-text-hygiene).
 */
import { invalidArguments } from './args.js';
import { json, toolListProblem, type ProbeModule, type StepSpec } from './probe.js';
import type { SkippedTool } from '../model/probe-types.js';

export const invalidArgumentsProbe: ProbeModule = {
  id: 'invalid-arguments',
  kind: 'tool',
  plan(ctx) {
    const problem = toolListProblem(ctx);
    if (problem) return { skip: problem };
    const steps: StepSpec[] = [];
    const skippedTools: SkippedTool[] = [];
    for (const tool of ctx.tools) {
      const permission = ctx.permissions.get(tool.name)!;
      if (!permission.invalidCalls.allowed) continue; // not called at all: listed once by the planner
      const invalid = invalidArguments(tool.inputSchema, ctx.config.args[tool.name]);
      if (!invalid.ok) {
        skippedTools.push({ tool: tool.name, probe: 'invalid-arguments', reason: invalid.reason });
        continue;
      }
      const what =
        invalid.purpose === 'missing-required'
          ? `required "${invalid.property}" left out`
          : `"${invalid.property}" given ${json(invalid.args[invalid.property])} instead of a${/^[aeiou]/.test(invalid.expected) ? 'n' : ''} ${invalid.expected}`;
      steps.push({
        method: 'tools/call',
        params: { name: tool.name, arguments: invalid.args },
        tool: tool.name,
        purpose: invalid.purpose,
        reason: `invalid arguments (${what}) must come back as an isError result that says what is wrong; the tool is ${permission.invalidCalls.why}`,
        detail:
          invalid.purpose === 'missing-required'
            ? { property: invalid.property }
            : { property: invalid.property, expected: invalid.expected },
      });
    }
    if (steps.length === 0) return { skip: 'no tool may be called with invalid arguments (see the skipped tools)', skippedTools };
    return { steps, skippedTools };
  },
};
