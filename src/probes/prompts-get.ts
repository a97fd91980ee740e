/**
 * Read-side probe `prompts-get`: prompts/get for each listed prompt (at most MAX_PROMPT_GETS). The
 * arguments come from `probes.promptArgs.<prompt>`; else, when the server declares `completions`,
 * from its own completion/complete for each required argument (the first value it offers, asked
 * for in the steps just before); else a placeholder for each required argument. Getting a prompt
 * only renders messages and completing only suggests; nothing on the server changes
 * (result-schema-valid, declared-capabilities-work).
 */
import { isObject } from '../shared/json.js';
import { json, type ProbeModule, type StepSpec } from './probe.js';
import { listedPrompts, listUsable } from './surface-lists.js';

export const MAX_PROMPT_GETS = 10;
/** At most this many completion/complete requests for prompt arguments. */
export const MAX_ARGUMENT_COMPLETIONS = 10;
/** The value sent for a required prompt argument that the configuration does not give. */
export const PROMPT_PLACEHOLDER = 'example';
/** `purpose` of the completion/complete steps whose first value fills a prompt argument. */
export const COMPLETE_ARGUMENT = 'complete-argument';

export const promptsGetProbe: ProbeModule = {
  id: 'prompts-get',
  kind: 'surface',
  plan(ctx) {
    const list = ctx.input.lists.prompts;
    if (list.status === 'not-advertised') return { skip: 'the server does not advertise prompts', notApplicable: true };
    if (!listUsable(list.status)) return { skip: 'prompts/list failed' };
    const prompts = listedPrompts(ctx.input);
    if (prompts.length === 0) return { skip: 'the server lists no prompts', notApplicable: true };
    const completes = isObject(ctx.capabilities.completions);
    let completions = 0;
    const steps: StepSpec[] = [];
    for (const prompt of prompts.slice(0, MAX_PROMPT_GETS)) {
      const given = ctx.config.promptArgs[prompt.name];
      const args: Record<string, string> = given ? { ...given } : {};
      const placeheld = given ? [] : prompt.arguments.filter((a) => a.required).map((a) => a.name);
      for (const name of placeheld) args[name] = PROMPT_PLACEHOLDER;
      const completable = completes ? placeheld.slice(0, Math.max(0, MAX_ARGUMENT_COMPLETIONS - completions)) : [];
      completions += completable.length;
      for (const argument of completable)
        steps.push({
          method: 'completion/complete',
          params: { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument, value: '' } },
          purpose: COMPLETE_ARGUMENT,
          reason: `the server declares "completions": its first suggestion for argument "${argument}" of prompt "${prompt.name}" is used to get the prompt (completing only suggests)`,
          detail: { prompt: prompt.name, argument },
        });
      const from = given
        ? `probes.promptArgs.${prompt.name}`
        : completable.length > 0
          ? `the server's first completion for ${completable.map((a) => `"${a}"`).join(', ')}, else the placeholder ${json(PROMPT_PLACEHOLDER)}${completable.length < placeheld.length ? ' (the placeholder for the rest)' : ''}`
          : placeheld.length > 0
            ? `the placeholder ${json(PROMPT_PLACEHOLDER)} for each required argument`
            : 'none needed';
      steps.push({
        method: 'prompts/get',
        params: Object.keys(args).length > 0 ? { name: prompt.name, arguments: args } : { name: prompt.name },
        purpose: 'get-prompt',
        reason: `the server lists prompt "${prompt.name}"; getting it (arguments: ${from}) only renders messages, which must match the GetPromptResult schema`,
        detail: {
          prompt: prompt.name,
          placeholders: placeheld.length > 0,
          // The runner puts the offered values in before sending (run.ts); the record keeps what was sent.
          ...(completable.length > 0 ? { completedArguments: JSON.stringify(completable) } : {}),
        },
      });
    }
    return { steps };
  },
};
