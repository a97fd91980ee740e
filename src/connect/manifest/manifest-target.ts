/**
 * What `--manifest <file>` lints: the manifest read and validated (read-manifest.ts) and, when the
 * server it publishes can be launched from the files at hand (manifest-launch.ts), that launch as
 * a stdio target carrying the manifest into its capture. When it cannot (a remote-only
 * server.json, a package of another project), a capture of no session that holds only the
 * manifest, so the manifest rules run and the others say they had nothing to judge.
 */
import { CAPTURE_VERSION, REQUESTED_PROTOCOL_VERSION, type Capture } from '../../model/capture.js';
import type { ManifestRecord } from '../../model/manifest.js';
import { VERSION } from '../../shared/version.js';
import type { ResolvedTarget } from '../capture-target.js';
import { launchPlan } from './manifest-launch.js';
import { readManifest } from './read-manifest.js';
import { unpackBundle } from './unpack-bundle.js';
import { resolve } from 'node:path';

export type ManifestInput = (
  | { readonly kind: 'launch'; readonly target: ResolvedTarget; readonly record: ManifestRecord }
  | { readonly kind: 'manifest-only'; readonly capture: Capture; readonly record: ManifestRecord }
) & {
  /** Removes what the input made for the run (an unpacked archive's folder); call it once the run is over. */
  readonly cleanup: () => void;
};

export async function manifestInput(file: string, cwd: string): Promise<ManifestInput> {
  const archive = /\.mcpb$/i.test(file) ? await unpackBundle(resolve(cwd, file), `--manifest ${file}`) : undefined;
  const cleanup = archive ? archive.remove : () => {};
  try {
    const { record: read, path, dir } = readManifest(file, cwd, archive?.dir);
    // An archive's findings are placed in the archive the user gave, not in the temporary folder.
    const plan = launchPlan(read, dir, archive ? resolve(cwd, file) : path);
    if ('problem' in plan) return { kind: 'manifest-only', record: read, capture: manifestOnlyCapture(read, plan.problem), cleanup };
    const record: ManifestRecord = { ...read, launch: plan.launch };
    return { kind: 'launch', record, target: { ...plan.target, manifest: record }, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function manifestOnlyCapture(record: ManifestRecord, why: string): Capture {
  const skipped = { status: 'skipped', pages: [], items: [] } as const;
  return {
    captureVersion: CAPTURE_VERSION,
    producer: { name: 'mcplint', version: VERSION },
    target: { kind: 'listing', file: record.file, initialize: false },
    transport: 'none',
    // Nothing ran: the handshake is assumed, as for a bare listing (src/session/bare-listing.ts).
    handshake: {
      ok: true,
      requestedVersion: REQUESTED_PROTOCOL_VERSION,
      protocolVersion: REQUESTED_PROTOCOL_VERSION,
      serverInfo: {},
      capabilities: {},
      raw: undefined,
      durationMs: 0,
    },
    lists: { tools: skipped, prompts: skipped, resources: skipped, resourceTemplates: skipped },
    frames: [],
    stderr: { text: '', totalBytes: 0, truncated: false },
    probes: {},
    timing: { totalMs: 0 },
    notes: [why],
    manifest: record,
  };
}
