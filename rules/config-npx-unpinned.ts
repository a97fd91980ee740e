import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  noYes:
    'Server "{{server}}" in {{file}} runs {{package}} with npx without -y; npx asks "Ok to proceed?" before installing when a terminal is attached, and some clients and older npm versions wait there forever. Add -y (--yes).',
  unpinned:
    'Server "{{server}}" in {{file}} runs {{package}} with npx without a pinned version ({{why}}); every start may fetch a different release, which costs a registry round-trip at start-up and lets a new or hijacked release run unreviewed. Pin an exact version, e.g. {{name}}@1.2.3.',
};

interface NpxCall {
  readonly yes: boolean;
  readonly packages: readonly string[];
}

/** The npx invocation in a command line: `npx …`, `npx.cmd …`, or `cmd /c npx …`. */
export function npxCall(command: string, args: readonly string[]): NpxCall | undefined {
  const base = command.split(/[\\/]/).pop()!.toLowerCase();
  let rest: readonly string[];
  if (base === 'npx' || base === 'npx.cmd' || base === 'npx.exe') rest = args;
  else if ((base === 'cmd' || base === 'cmd.exe') && args.length >= 2 && /^\/c$/i.test(args[0]!) && /^npx(?:\.cmd)?$/i.test(args[1]!))
    rest = args.slice(2);
  else return undefined;
  let yes = false;
  const packages: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-y' || arg === '--yes' || arg === '--yes=true') yes = true;
    else if (arg === '-p' || arg === '--package') packages.push(rest[++i] ?? '');
    else if (arg.startsWith('--package=')) packages.push(arg.slice('--package='.length));
    else if (arg === '--') {
      if (packages.length === 0 && rest[i + 1]) packages.push(rest[i + 1]!);
      break;
    } else if (arg.startsWith('-')) continue;
    else {
      // The first positional is the package to run (unless -p named the packages: then it is the command).
      if (packages.length === 0) packages.push(arg);
      break;
    }
  }
  return { yes, packages: packages.filter((p) => p !== '') };
}

/** Name and version of a package spec: "@scope/pkg@1.2.3" → ["@scope/pkg", "1.2.3"]. */
export function splitSpec(spec: string): { name: string; version?: string } {
  const at = spec.lastIndexOf('@');
  if (at <= 0) return { name: spec };
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** Local paths, URLs, git and tarball specs are not registry packages. */
const NOT_REGISTRY = /^(?:\.{0,2}\/|[A-Za-z]:\\|file:|https?:|git[+:]|github:|[^@/]+\/[^@/]+#)|\.tgz$/;
const EXACT = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export default defineRule({
  id: 'config-npx-unpinned',
  category: 'config',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A server started with npx in a client config uses -y and an exact package version.',
  references: [
    { title: 'npm docs — npm exec / npx: "--yes" and package resolution', url: 'https://docs.npmjs.com/cli/commands/npm-exec' },
    { title: 'Gemini CLI integration notes — Installation of MCP Server Dependencies (npx -y installs anew each run)' },
  ],
  messages,
  requires: ['clientConfig'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const config = capture.clientConfig;
    if (!config || capture.target.kind !== 'stdio') return;
    const call = npxCall(capture.target.command, capture.target.args);
    if (!call) return;
    const evidence = [capture.target.command, ...capture.target.args].join(' ').slice(0, 300);
    const base = { server: config.serverName, file: config.file };
    const first = call.packages[0] ?? 'a package';
    if (!call.yes) yield { messageId: 'noYes', data: { ...base, package: first }, subject: { kind: 'server' }, evidence };
    for (const spec of call.packages) {
      if (NOT_REGISTRY.test(spec)) continue;
      const { name, version } = splitSpec(spec);
      if (version !== undefined && EXACT.test(version)) continue;
      const why = version === undefined ? 'no version' : `"@${version}" is a tag or range`;
      yield { messageId: 'unpinned', data: { ...base, package: spec, name, why }, subject: { kind: 'server' }, key: spec, evidence };
    }
  },
});
