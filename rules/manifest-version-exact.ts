import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel, manifestPackages, sameProject, textField } from './lib/manifest.js';

const messages = {
  range:
    '{{manifest}} gives {{field}} as "{{version}}", a range: the registry publishes one exact version, so give the version being released, e.g. "{{example}}".',
  latest:
    '{{manifest}} gives {{field}} as "latest": the registry rejects it, and a client could never install the same package twice; give the exact version being released.',
  differs:
    '{{manifest}} gives {{field}} as "{{version}}", but {{file}} says "{{actual}}": the registry entry and the package it points at would describe different releases; make them equal (bump both together).',
};

/** What a version range looks like (npm and PEP 440 alike): operators, wildcards, x-ranges, alternatives, hyphen ranges. */
const RANGE = /[\^~<>=*|]|\s-\s|(?:^|\.)[xX*](?:\.|$)|\s/;

export default defineRule({
  id: 'manifest-version-exact',
  category: 'manifest',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'A manifest gives exact versions (no ranges, no `latest`), equal to the version of the package it publishes (package.json, pyproject.toml).',
  references: [
    {
      title: 'MCP Registry — server.json `version` and `packages[].version`: "Version ranges are rejected"',
      url: 'https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (!manifest) return;
    const label = manifestLabel(manifest);
    const { packageJson, pyproject } = manifest.project;
    const checks: { field: string; pointer: string; version: string; actual?: { file: string; version: string } }[] = [];
    const top = textField(manifest.document, 'version');
    // The top-level version is the release; the project beside the manifest is what is released.
    const own = packageJson?.version
      ? { file: 'package.json', version: packageJson.version }
      : pyproject?.version
        ? { file: 'pyproject.toml', version: pyproject.version }
        : undefined;
    if (top !== undefined) checks.push({ field: 'version', pointer: '/version', version: top, ...(own ? { actual: own } : {}) });
    if (manifest.kind === 'server.json') {
      for (const pkg of manifestPackages(manifest.document)) {
        if (pkg.version === undefined) continue;
        const local =
          pkg.registryType === 'npm' && packageJson?.version && pkg.identifier === packageJson.name
            ? { file: 'package.json', version: packageJson.version }
            : pkg.registryType === 'pypi' &&
                pyproject?.version &&
                pkg.identifier !== undefined &&
                sameProject(pkg.identifier, pyproject.name)
              ? { file: 'pyproject.toml', version: pyproject.version }
              : undefined;
        checks.push({
          field: `packages[${pkg.index}].version`,
          pointer: `/packages/${pkg.index}/version`,
          version: pkg.version,
          ...(local ? { actual: local } : {}),
        });
      }
    }
    for (const check of checks) {
      const data = { manifest: label, field: check.field, version: check.version.slice(0, 80) };
      const at = { subject: { kind: 'server' as const }, manifestAt: check.pointer, key: check.pointer };
      if (check.version.trim().toLowerCase() === 'latest') yield { messageId: 'latest', data, ...at };
      else if (RANGE.test(check.version.trim()) || check.version.trim() === '')
        yield { messageId: 'range', data: { ...data, example: check.actual?.version ?? '1.2.3' }, ...at };
      else if (check.actual && check.actual.version !== check.version)
        yield { messageId: 'differs', data: { ...data, file: check.actual.file, actual: check.actual.version.slice(0, 80) }, ...at };
    }
  },
});
