import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel } from './lib/manifest.js';

const messages = {
  invalidRange:
    '{{manifest}} gives compatibility.{{field}} as "{{range}}", which is not a version range: a client cannot tell whether it qualifies, and may refuse the bundle or install it where it cannot run; write a range such as ">=0.10.0" or "^1.2".',
};

/** One version, partial or with wildcards, prerelease and build: `1`, `1.2.x`, `v1.2.3-rc.1+b5`. */
const PARTIAL = String.raw`v?(?:0|[1-9]\d*|[xX*])(?:\.(?:0|[1-9]\d*|[xX*])){0,2}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?`;
/** One comparator of an npm-style range (node-semver's grammar), as one token (spaces after the operator removed first). */
const COMPARATOR = new RegExp(`^(?:<=|>=|<|>|=|~|\\^)?${PARTIAL}$`);
/** PEP 440 adds these operators for Python (`~=3.10`, `!=3.11.0`); its specifiers are separated by commas. */
const PYTHON_COMPARATOR = new RegExp(`^(?:~=|==|!=|===|<=|>=|<|>|=|~|\\^)?${PARTIAL}$`);

/** Whether `range` is a version range: comparator sets joined by `||`, each comparators or a hyphen range. */
export function isVersionRange(range: string, python: boolean): boolean {
  if (range.length > 256) return false;
  const comparator = python ? PYTHON_COMPARATOR : COMPARATOR;
  return range.split('||').every((set) => {
    const tight = set.trim().replace(/(<=|>=|~=|==|!=|<|>|=|~|\^)\s+/g, '$1');
    if (tight === '' || tight === '*') return true;
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(tight);
    if (hyphen) return new RegExp(`^${PARTIAL}$`).test(hyphen[1]!) && new RegExp(`^${PARTIAL}$`).test(hyphen[2]!);
    return tight.split(python ? /[\s,]+/ : /\s+/).every((token) => comparator.test(token));
  });
}

export default defineRule({
  id: 'manifest-compatibility-range',
  category: 'manifest',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary:
    "An MCP Bundle manifest's `compatibility` versions (`claude_desktop`, `runtimes.node`, `runtimes.python`) are valid version ranges.",
  references: [
    { title: 'MCP Bundles — manifest.json `compatibility`', url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md' },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'mcpb') return;
    const compatibility = manifest.document.compatibility as Record<string, unknown> | undefined;
    if (typeof compatibility !== 'object' || compatibility === null) return;
    const runtimes = (
      typeof compatibility.runtimes === 'object' && compatibility.runtimes !== null ? compatibility.runtimes : {}
    ) as Record<string, unknown>;
    const fields: [string, string, unknown, boolean][] = [
      ['claude_desktop', '/compatibility/claude_desktop', compatibility.claude_desktop, false],
      ['runtimes.node', '/compatibility/runtimes/node', runtimes.node, false],
      ['runtimes.python', '/compatibility/runtimes/python', runtimes.python, true],
    ];
    for (const [field, pointer, range, python] of fields) {
      // Not a string: the schema rule says so.
      if (typeof range !== 'string' || isVersionRange(range, python)) continue;
      yield {
        messageId: 'invalidRange',
        data: { manifest: manifestLabel(manifest), field, range: range.slice(0, 80) },
        subject: { kind: 'server' },
        manifestAt: pointer,
        key: field,
      };
    }
  },
});
