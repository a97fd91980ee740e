/**
 * Writes to stdout, which a stdio server's protocol owns: `print(…)` without `file=` (or with
 * `file=sys.stdout`), `pprint`, `sys.stdout.write`/`writelines`, and logging set up to stream to
 * stdout (`logging.basicConfig(stream=sys.stdout)`, `StreamHandler(sys.stdout)`). Not reported:
 * `print` when some module rebinds it, and everything when some module sends `sys.stdout` elsewhere.
 */
import type { Node } from 'web-tree-sitter';
import type { SourceIndex } from '../../model/source-index.js';
import { callArguments, descendants, dottedName, lineText, position, type PythonModule } from './syntax.js';

type Write = SourceIndex['stdoutWrites'][number];

const STDOUT = /^sys\.(?:__)?stdout(?:__)?$/;

export function stdoutWrites(modules: readonly PythonModule[]): Write[] {
  const rebinds = rebound(modules);
  if (rebinds.has('sys.stdout')) return [];
  const writes: Write[] = [];
  for (const module of modules) {
    for (const call of descendants(module.root, new Set(['call']))) {
      const callee = dottedName(call.childForFieldName('function'));
      const what = callee ? writeCall(callee, call, rebinds) : undefined;
      if (what) writes.push({ ...position(call, module), call: what, text: lineText(call, module) });
    }
  }
  return writes;
}

/** What the call writes to stdout as (the `call` of the entry), or undefined. */
function writeCall(callee: string, call: Node, rebinds: ReadonlySet<string>): string | undefined {
  const { positional, keywords } = callArguments(call);
  if ((callee === 'print' && !rebinds.has('print')) || callee === 'pprint' || callee === 'pprint.pprint') {
    const file = keywords.get('file') ?? (callee === 'print' ? undefined : (keywords.get('stream') ?? positional[1]));
    return !file || STDOUT.test(file.text) ? callee : undefined;
  }
  const method = /^(.*)\.(write|writelines)$/.exec(callee);
  if (method && STDOUT.test(method[1]!)) return callee;
  if (/(?:^|\.)basicConfig$/.test(callee) && STDOUT.test(keywords.get('stream')?.text ?? '')) return `${callee}(stream=sys.stdout)`;
  if (/(?:^|\.)StreamHandler$/.test(callee) && STDOUT.test((keywords.get('stream') ?? positional[0])?.text ?? ''))
    return `${callee}(sys.stdout)`;
  return undefined;
}

/** `print = …` or `sys.stdout = …` anywhere at module level (a redirect that covers every write). */
function rebound(modules: readonly PythonModule[]): Set<string> {
  const out = new Set<string>();
  for (const module of modules) {
    for (const assignment of descendants(module.root, new Set(['assignment']))) {
      const left = assignment.childForFieldName('left')?.text;
      if (left === 'print' || left === 'sys.stdout') out.add(left);
    }
    // `from rich import print`, `from functools import partial; print = partial(print, file=sys.stderr)`
    if (/^\s*from\s+\S+\s+import\s+[^\n]*\bprint\b/m.test(module.text)) out.add('print');
  }
  return out;
}
