/**
 * The security rules stay silent on good servers: the exemplary server, the clean raw server and
 * the reference server @modelcontextprotocol/server-everything, captured for real (probes on, so
 * tool call outputs are scanned too). Also output-flood, which judges the volume on the wire.
 * (slow-shutdown is left out here: how long a server takes to exit depends on the machine's load.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import encodedPayload from '../rules/encoded-payload.js';
import hiddenInstructions from '../rules/hidden-instructions.js';
import invisibleUnicode from '../rules/invisible-unicode.js';
import outputFlood from '../rules/output-flood.js';
import secretsInSurface from '../rules/secrets-in-surface.js';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { runRules } from '../src/engine/run.js';
import { probeHook, resolveProbeConfig } from '../src/probes/index.js';
import { redactCapture } from '../src/model/redact.js';
import { fixturePath, ROOT } from './helpers/capture.js';

const rules = [hiddenInstructions, invisibleUnicode, encodedPayload, secretsInSurface, outputFlood];
const timeouts = { timeoutMs: 10_000, startupTimeoutMs: 20_000 };

const SERVERS: Record<string, string[]> = {
  exemplary: [fixturePath('exemplary-server/server.mjs')],
  clean: [fixturePath('clean-server.mjs')],
  'server-everything': [join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'],
};

describe.concurrent('security rules on good servers', () => {
  for (const [name, args] of Object.entries(SERVERS)) {
    it(`${name}: no finding`, async () => {
      const capture = await captureStdio(
        { command: process.execPath, args },
        { ...DEFAULT_CAPTURE_OPTIONS, ...timeouts, probes: probeHook(resolveProbeConfig(undefined, {}, timeouts)) },
      );
      expect(capture.handshake.ok).toBe(true);
      expect(capture.lists.tools.items.length).toBeGreaterThan(0);
      // As in a real run: redacted first, then judged.
      const result = runRules(redactCapture(capture), { rules, settings: new Map() });
      expect(result.findings.map((f) => `${f.ruleId} ${f.message} ${f.evidence ?? ''}`)).toEqual([]);
      expect([...result.ran].sort()).toEqual(rules.map((r) => r.id).sort());
    }, 60_000);
  }
});
