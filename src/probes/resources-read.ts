/**
 * Read-side probe `resources-read`: resources/read of the first listed resources (at most
 * `probes.maxResourceReads`), then of each listed template that `probes.templateVars` gives
 * variables for (simple `{var}` expansion only). Reading changes nothing on the server
 * (result-schema-valid, read-contents-uri, content-data-matches-mime, declared-capabilities-work).
 * Templates without configured variables are not read: their variables would be guesses.
 */
import type { PlanContext, ProbeModule, StepSpec } from './probe.js';
import { listedResourceUris, listedTemplates, listUsable } from './surface-lists.js';
import { expandSimpleTemplate } from './uri-template.js';

export const resourcesReadProbe: ProbeModule = {
  id: 'resources-read',
  kind: 'surface',
  plan(ctx) {
    const list = ctx.input.lists.resources;
    if (list.status === 'not-advertised' && ctx.input.lists.resourceTemplates.status === 'not-advertised')
      return { skip: 'the server does not advertise resources', notApplicable: true };
    const listed = listUsable(list.status) ? listedSteps(ctx) : [];
    const templated = templateSteps(ctx);
    const steps = [...listed, ...templated];
    if (steps.length > 0) return { steps };
    if (list.status !== 'not-advertised' && !listUsable(list.status)) return { skip: 'resources/list failed' };
    if (ctx.config.maxResourceReads === 0 && listedResourceUris(ctx.input).length > 0) return { skip: 'probes.maxResourceReads is 0' };
    return { skip: 'the server lists no resources (and probes.templateVars names none of its templates)', notApplicable: true };
  },
};

function listedSteps(ctx: PlanContext): StepSpec[] {
  const uris = listedResourceUris(ctx.input);
  const max = ctx.config.maxResourceReads;
  return uris.slice(0, max).map((uri, n) => ({
    method: 'resources/read',
    params: { uri },
    purpose: 'read-resource',
    reason: `the server lists ${uri}; reading it changes nothing, and the contents must match the ReadResourceResult schema${n === max - 1 && uris.length > max ? ` (${uris.length - max} more not read: probes.maxResourceReads is ${max})` : ''}`,
    detail: { uri },
  }));
}

function templateSteps(ctx: PlanContext): StepSpec[] {
  if (!listUsable(ctx.input.lists.resourceTemplates.status)) return [];
  const seen = new Set<string>();
  const steps: StepSpec[] = [];
  for (const { uriTemplate } of listedTemplates(ctx.input)) {
    const vars = Object.hasOwn(ctx.config.templateVars, uriTemplate) ? ctx.config.templateVars[uriTemplate] : undefined;
    if (!vars || seen.has(uriTemplate)) continue;
    seen.add(uriTemplate);
    const expansion = expandSimpleTemplate(uriTemplate, vars);
    // A template mcplint cannot fill in (operators, a missing variable) is left unread rather than guessed at.
    if ('problem' in expansion) continue;
    steps.push({
      method: 'resources/read',
      params: { uri: expansion.uri },
      purpose: 'read-template',
      reason: `the server lists the template ${uriTemplate}; probes.templateVars fills it in as ${expansion.uri}, and reading it changes nothing`,
      detail: { uri: expansion.uri, template: uriTemplate },
    });
  }
  return steps;
}
