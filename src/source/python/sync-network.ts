/**
 * Blocking network calls in `async def` tool code: `requests.*`, `urllib.request.urlopen`, the
 * module-level `httpx.get/post/…` and `httpx.Client`. They hold the event loop for the whole round
 * trip, so every other request the server is handling waits.
 */
import type { SourceIndex } from '../../model/source-index.js';
import type { ToolCode } from './registrations.js';
import { dottedName, isAsync, lineText, ownDescendants, position } from './syntax.js';
import { within } from './throwing-handlers.js';

type Call = NonNullable<SourceIndex['syncNetworkCalls']>[number];

const BLOCKING =
  /^(?:requests\.(?:get|post|put|patch|delete|head|options|request|Session)|(?:urllib\.request\.)?urlopen|urllib\.request\.urlopen|httpx\.(?:get|post|put|patch|delete|head|options|request|stream|Client))$/;

export function syncNetworkCalls(toolCode: readonly ToolCode[]): Call[] {
  const out: Call[] = [];
  for (const code of toolCode) {
    if (!isAsync(code.fn)) continue;
    for (const call of ownDescendants(code.node, new Set(['call']))) {
      if (code.exclude?.some((branch) => within(call, branch))) continue;
      const callee = dottedName(call.childForFieldName('function'));
      if (callee && BLOCKING.test(callee))
        out.push({ ...position(call, code.module), tool: code.tool, call: callee, text: lineText(call, code.module) });
    }
  }
  return out;
}
