/**
 * Read-side probe `prompts-get`: prompts/get for each listed prompt (at most MAX_PROMPT_GETS), with
 * the arguments of `probes.promptArgs.<prompt>`, else a placeholder for each required argument.
 * Getting a prompt only renders messages; nothing on the server changes (result-schema-valid,
 * declared-capabilities-work).
 */
import { json, type ProbeModule, type StepSpec } from './probe.js';
import { listedPrompts, listUsable } from './surface-lists.js';

export const MAX_PROMPT_GETS = 10;
/** The value sent for a required prompt argument that the configuration does not give. */
export const PROMPT_PLACEHOLDER = 'example';

export const promptsGetProbe: ProbeModule = {
  id: 'prompts-get',
  kind: 'surface',
  plan(ctx) {
    const list = ctx.input.lists.prompts;
    if (list.status === 'not-advertised') return { skip: 'the server does not advertise prompts', notApplicable: true };
    if (!listUsable(list.status)) return { skip: 'prompts/list failed' };
    const prompts = listedPrompts(ctx.input);
    if (prompts.length === 0) return { skip: 'the server lists no prompts', notApplicable: true };
    const steps: StepSpec[] = prompts.slice(0, MAX_PROMPT_GETS).map((prompt) => {
      const given = ctx.config.promptArgs[prompt.name];
      const args: Record<string, string> = given ? { ...given } : {};
      const placeheld = given ? [] : prompt.arguments.filter((a) => a.required).map((a) => a.name);
      for (const name of placeheld) args[name] = PROMPT_PLACEHOLDER;
      const from = given
        ? `probes.promptArgs.${prompt.name}`
        : placeheld.length > 0
          ? `the placeholder ${json(PROMPT_PLACEHOLDER)} for each required argument`
          : 'none needed';
      return {
        method: 'prompts/get',
        params: Object.keys(args).length > 0 ? { name: prompt.name, arguments: args } : { name: prompt.name },
        purpose: 'get-prompt',
        reason: `the server lists prompt "${prompt.name}"; getting it (arguments: ${from}) only renders messages, which must match the GetPromptResult schema`,
        detail: { prompt: prompt.name, placeholders: placeheld.length > 0 },
      };
    });
    return { steps };
  },
};
