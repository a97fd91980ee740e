/**
 * Tool probe `valid-calls`: each tool the policy lets mcplint run gets one call with valid
 * arguments — the user's `probes.args.<tool>`, else schema default/examples/enum/const for every
 * required property (tool-call-responds, response-size-limit, structured-output-conforms,
 * tool-errors-are-results, error-text-hygiene).
 */
import { validArguments } from './args.js';
import { toolListProblem, type ProbeModule, type StepSpec } from './probe.js';
import type { SkippedTool } from '../model/probe-types.js';

export const validCallsProbe: ProbeModule = {
  id: 'valid-calls',
  kind: 'tool',
  plan(ctx) {
    const problem = toolListProblem(ctx);
    if (problem) return { skip: problem };
    const steps: StepSpec[] = [];
    const skippedTools: SkippedTool[] = [];
    for (const tool of ctx.tools) {
      const permission = ctx.permissions.get(tool.name)!;
      if (!permission.validCalls.allowed) {
        if (permission.invalidCalls.allowed)
          skippedTools.push({ tool: tool.name, probe: 'valid-calls', reason: `no valid call: ${permission.validCalls.why}` });
        continue;
      }
      const valid = validArguments(tool.inputSchema, ctx.config.args[tool.name], permission.userArgsOnly);
      if (!valid.ok) {
        const names = valid.missing.map((m) => `"${m}"`).join(', ');
        skippedTools.push({
          tool: tool.name,
          probe: 'valid-calls',
          reason: `no valid call: required argument${valid.missing.length === 1 ? '' : 's'} ${names} ${valid.missing.length === 1 ? 'has' : 'have'} no default, examples, enum or const; give ${valid.missing.length === 1 ? 'it' : 'them'} in probes.args.${tool.name}`,
        });
        continue;
      }
      steps.push({
        method: 'tools/call',
        params: { name: tool.name, arguments: valid.args },
        tool: tool.name,
        purpose: 'valid',
        reason: `a valid call (arguments: ${valid.from}) to check the answer's size and structure; the tool is ${permission.validCalls.why}`,
      });
    }
    if (steps.length === 0) return { skip: 'no tool can be called with valid arguments (see the skipped tools)', skippedTools };
    return { steps, skippedTools, data: { maxResponseChars: ctx.config.maxResponseChars } };
  },
};
