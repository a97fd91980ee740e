/**
 * The rule stage and the report stage. Every server's rules run with the source index and, when
 * the run has several servers, with the other servers as peers (cross-server rules such as
 * tool-name-collision) — so each report is built once, complete, and never reopened.
 */
import { relative, sep } from 'node:path';
import { indexCapture } from '../engine/capture-index.js';
import { locate } from '../locate/locate.js';
import type { PeerServer, Rule } from '../engine/rule.js';
import { mergeRunResults, runRules, type RuleSetting } from '../engine/run.js';
import { buildServerReport, type ServerReport } from '../report/report.js';
import { findAnchors } from '../locate/anchors.js';
import { exposedTools } from '../../rules/lib/exposed-tools.js';
import type { AcquiredServer } from './acquire.js';
import type { RunConfig } from './run-config.js';

export interface JudgeContext {
  readonly cwd: string;
  readonly run: RunConfig;
  readonly rules: readonly Rule[];
  readonly settings: ReadonlyMap<string, RuleSetting>;
  /** The servers come from a client config: reports are labelled by their config key. */
  readonly labelByName: boolean;
  /** A shard of a larger run: cross-server rules wait for `mcplint merge`, which sees every server. */
  readonly sharded?: boolean;
}

export const SHARDED_PEERS =
  'a sharded run (--shard) sees only part of the servers: cross-server rules run when the shard reports are merged (mcplint merge)';

export function judgeServers(servers: readonly AcquiredServer[], ctx: JudgeContext): ServerReport[] {
  const peers: PeerServer[] | undefined =
    servers.length > 1
      ? servers.map((s) => ({ name: serverName(s) ?? '', capture: s.capture, index: indexCapture(s.capture) }))
      : undefined;
  return servers.map((server, i) => {
    const { capture, source } = server;
    // Judged while the server shut down (same rules, same settings): only the rest is left.
    const before = server.beforeExit?.rules === ctx.rules && server.beforeExit.settings === ctx.settings ? server.beforeExit : undefined;
    const rest = runRules(capture, {
      rules: before ? ctx.rules.filter((rule) => !before.judged.has(rule.id)) : ctx.rules,
      settings: ctx.settings,
      ...(ctx.run.config.ignore ? { ignore: ctx.run.config.ignore } : {}),
      ...(source ? { source } : {}),
      ...(peers && !ctx.sharded ? { peers: peers.filter((_, j) => j !== i) } : {}),
      ...(ctx.sharded ? { peersDeferred: SHARDED_PEERS } : {}),
    });
    const result = before ? mergeRunResults(ctx.rules, [before.result, rest]) : rest;
    const anchors = {
      ...findAnchors(capture.target, {
        cwd: ctx.cwd,
        ...(server.declaredIn ? { configFile: server.declaredIn } : {}),
        ...(server.input.kind === 'capture-file' ? { captureFile: server.input.given } : {}),
      }),
      ...(source ? { source, sourcePrefix: relative(ctx.cwd, source.root).split(sep).join('/') } : {}),
    };
    const report = buildServerReport(capture, result, anchors, ctx.rules, server.runNotes);
    const name = serverName(server);
    const position = server.input.kind === 'target' ? server.input.position : undefined;
    const placed = ctx.labelByName
      ? {
          ...report,
          ...(position !== undefined ? { position } : {}),
          exposedTools: [...exposedTools(capture, indexCapture(capture))].map((name) => ({
            name,
            location: locate({ kind: 'tool', name }, anchors),
          })),
        }
      : report;
    return ctx.labelByName && name !== undefined ? labelled(placed, name) : placed;
  });
}

function serverName(server: AcquiredServer): string | undefined {
  if (server.input.kind === 'target') return server.input.name;
  // A listing file of several servers (the guide's tools.json) names each by its key.
  return server.capture.target.kind === 'listing' ? server.capture.target.server : undefined;
}

/** "name (serverInfo name version)" so a report with several servers says which entry is which. */
function labelled(report: ServerReport, name: string): ServerReport {
  if (report.label === name || report.label.startsWith(`${name} `)) return report;
  return { ...report, label: `${name} (${report.label})` };
}
