/**
 * What the specification asks of a completion result that its JSON Schema does not say: at most
 * 100 values, and a `total` and `hasMore` that agree with the values returned (basic/utilities/
 * completion: "values: Array of completion values (max 100 items)"; "total: Total number of
 * available matches"; "hasMore: … additional results beyond those provided").
 */
import type { SchemaProblem } from '../../src/schema/json-schema.js';
import { isObject } from '../../src/shared/json.js';

export const MAX_COMPLETION_VALUES = 100;

/** A problem the specification's text finds, not its JSON Schema (the rule words it so). */
export type LimitProblem = SchemaProblem & { readonly limit: true };

export function completionProblems(result: Record<string, unknown>): LimitProblem[] {
  const completion = result.completion;
  if (!isObject(completion) || !Array.isArray(completion.values)) return []; // the schema's finding
  const count = completion.values.length;
  const problems: LimitProblem[] = [];
  if (count > MAX_COMPLETION_VALUES)
    problems.push({
      pointer: '/completion/values',
      message: `has ${count} values, more than the ${MAX_COMPLETION_VALUES} a response may carry`,
      limit: true,
    });
  const total = completion.total;
  if (typeof total === 'number' && total < count)
    problems.push({ pointer: '/completion/total', message: `is ${total}, fewer than the ${count} values returned`, limit: true });
  if (typeof total === 'number' && total > count && completion.hasMore !== true)
    problems.push({
      pointer: '/completion/hasMore',
      message: `is ${completion.hasMore === false ? 'false' : 'absent'}, although total says ${total} matches and ${count} were returned`,
      limit: true,
    });
  return problems;
}
