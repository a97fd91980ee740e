/**
 * The protocol's reference server, linted end to end over real stdio (pinned as a devDependency):
 * protocol-clean, and the guideline findings its real tool list deserves.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { captureStdio, DEFAULT_CAPTURE_OPTIONS } from '../src/connect/capture-session.js';
import { lintAll, ROOT, summary } from './helpers/capture.js';

const SERVER = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

describe('@modelcontextprotocol/server-everything', () => {
  let capture: Capture;
  beforeAll(async () => {
    capture = await captureStdio({ command: process.execPath, args: [SERVER, 'stdio'] }, DEFAULT_CAPTURE_OPTIONS);
  });

  it('completes the handshake and lists every tool, prompt and resource', () => {
    expect(capture.handshake.ok && capture.handshake.protocolVersion).toBe('2025-11-25');
    expect(capture.lists.tools.status).toBe('ok');
    expect(capture.lists.tools.items.length).toBeGreaterThanOrEqual(10);
    expect(capture.lists.prompts.items.length).toBeGreaterThan(0);
    expect(capture.lists.resources.items.length).toBeGreaterThan(0);
    expect(capture.frames.filter((f) => f.kind === 'noise')).toEqual([]);
    expect(capture.exit).toBeDefined();
  });

  it('has no error-level findings: it speaks the protocol correctly', () => {
    const errors = lintAll(capture).findings.filter((f) => f.level === 'error');
    expect(errors.map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
  });

  it('gets the guideline findings its tool list deserves', () => {
    const found = summary(lintAll(capture));
    expect(found).toEqual(
      expect.arrayContaining([
        'server-name-convention convention server',
        // Kebab-case throughout, no tool with the prefix, input schemas open throughout (zod without
        // .strict()): each is one server-wide finding (rules/lib/server-wide.ts).
        'tool-name-snake-case serverNotSnakeCase server',
        'tool-name-service-prefix serverMissingServicePrefix server',
        'input-schema-strict serverOpen server',
        'tool-description-length tooShort tool:echo#/description',
        'parameter-description-present missing tool:get-resource-reference#/inputSchema/properties/resourceType',
        'prompt-description-present argumentMissing prompt:args-prompt#/arguments/1',
      ]),
    );
    // Its annotated read-only tools are not reported for missing annotations.
    expect(found.filter((f) => f.startsWith('tool-annotations-present') && f.endsWith('tool:echo'))).toEqual([]);
  });
});
