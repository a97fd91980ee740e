/**
 * The rule stage and the report stage. Each server's judgement, begun while it ran (or begun here
 * for a saved capture), is finished over its final capture, with the source index and, when the
 * run has several servers, the other servers as peers (cross-server rules such as
 * tool-name-collision) — so each report is built once, complete, and never reopened.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { Capture, TargetDescription } from '../model/capture.js';
import type { Anchors } from '../locate/locate.js';
import type { ManifestRecord } from '../model/manifest.js';
import { indexCapture } from '../engine/capture-index.js';
import { locate } from '../locate/locate.js';
import type { PeerServer } from '../engine/rule.js';
import { buildServerReport, type ServerReport } from '../report/report.js';
import { findAnchors } from '../locate/anchors.js';
import { exposedTools } from '../../rules/lib/exposed-tools.js';
import { startRunJudgement, type AcquiredServer } from './acquire.js';
import type { RunConfig } from './run-config.js';

export interface JudgeContext {
  readonly cwd: string;
  /** The run's rules, levels and ignores: the judgement of a server that has none yet starts from them. */
  readonly run: RunConfig;
  /** The servers come from a client config: reports are labelled by their config key. */
  readonly labelByName: boolean;
  /** A shard of a larger run: cross-server rules wait for `mcplint merge`, which sees every server. */
  readonly sharded?: boolean;
}

export const SHARDED_PEERS =
  'a sharded run (--shard) sees only part of the servers: cross-server rules run when the shard reports are merged (mcplint merge)';

export async function judgeServers(servers: readonly AcquiredServer[], ctx: JudgeContext): Promise<ServerReport[]> {
  const judgements = await Promise.all(servers.map((s) => s.judgement ?? startRunJudgement(ctx.run)));
  const peers: PeerServer[] | undefined =
    servers.length > 1
      ? servers.map((s) => ({ name: serverName(s) ?? '', capture: s.capture, index: indexCapture(s.capture) }))
      : undefined;
  return servers.map((server, i) => {
    const { capture, source } = server;
    const judgement = judgements[i]!;
    // What the session's phases judged stays judged: only the rest is judged over the final capture.
    judgement.judge(
      {
        capture,
        ...(source ? { source } : {}),
        ...(peers && !ctx.sharded ? { peers: peers.filter((_, j) => j !== i) } : {}),
        ...(ctx.sharded ? { peersDeferred: SHARDED_PEERS } : {}),
      },
      'final',
    );
    const result = judgement.result();
    const anchors = {
      ...findAnchors(anchoredTarget(capture, ctx.cwd), {
        cwd: ctx.cwd,
        ...(server.declaredIn ? { configFile: server.declaredIn } : {}),
        ...(server.input.kind === 'capture-file' ? { captureFile: server.input.given } : {}),
      }),
      ...(source ? { source, sourcePrefix: relative(ctx.cwd, source.root).split(sep).join('/') } : {}),
      ...(capture.manifest ? manifestAnchors(capture.manifest, ctx.cwd) : {}),
      ...(capture.packed ? { packageJson: { uri: capture.packed.packageJson, positions: capture.packed.positions } } : {}),
    };
    const report = buildServerReport(capture, result, anchors, judgement.rules, server.runNotes);
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

/** --manifest: server-wide findings belong to the linted manifest (its "name" line), and manifest findings to their own line. */
function manifestAnchors(manifest: ManifestRecord, cwd: string): Pick<Anchors, 'manifest' | 'manifestPositions'> {
  const uri = relative(cwd, resolve(cwd, manifest.file)).split(sep).join('/');
  return { manifest: { uri, line: manifest.positions['/name']?.line ?? 1 }, manifestPositions: manifest.positions };
}

/**
 * What findings are anchored to: the launched target, except for an installed copy
 * (--packed=install), whose files are the project's, packed into a temporary folder that is gone
 * when the report is read: then the project's own entry.
 */
function anchoredTarget(capture: Capture, cwd: string): TargetDescription {
  const packed = capture.packed;
  if (!packed?.installed || !('bin' in packed.installed) || packed.entries.length === 0) return capture.target;
  const entry = resolve(cwd, dirname(packed.packageJson), packed.entries[0]!);
  return { kind: 'stdio', command: process.execPath, args: [entry], envNames: [] };
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
