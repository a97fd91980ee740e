import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel, manifestPackages, sameProject, textField } from './lib/manifest.js';

const messages = {
  npmMissing:
    '{{manifest}} publishes the npm package "{{identifier}}" as "{{name}}", but its package.json has no "mcpName": the registry checks that field to prove you own the package and refuses to publish; add "mcpName": "{{name}}".',
  npmDiffers:
    '{{manifest}} publishes the npm package "{{identifier}}" as "{{name}}", but its package.json says "mcpName": "{{mcpName}}": the registry refuses to publish a package whose mcpName is another server\'s; make them equal.',
  ociMissing:
    '{{manifest}} publishes the OCI image "{{identifier}}" as "{{name}}", but the Dockerfile beside it has no LABEL io.modelcontextprotocol.server.name="{{name}}": the registry reads that label from the image to prove you own it; add it to the Dockerfile.',
  pypiMissing:
    '{{manifest}} publishes the PyPI package "{{identifier}}" as "{{name}}", but the README beside it has no "mcp-name: {{name}}" marker: the registry reads the package description for it to prove you own the package; add it (e.g. as an HTML comment) to the README the package publishes.',
};

export default defineRule({
  id: 'manifest-ownership',
  category: 'manifest',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    "A server.json package proves its owner: an npm package's package.json `mcpName` is the server name, a PyPI package's README carries `mcp-name: <name>`, an OCI image's Dockerfile the label `io.modelcontextprotocol.server.name`.",
  references: [
    {
      title: 'MCP Registry — package ownership verification (npm mcpName, PyPI mcp-name, OCI label)',
      url: 'https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/official-registry-requirements.md',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'server.json') return;
    const name = textField(manifest.document, 'name');
    if (name === undefined) return;
    const { packageJson, pyproject, readmeMcpNames, dockerfileMcpNames } = manifest.project;
    for (const pkg of manifestPackages(manifest.document)) {
      if (pkg.identifier === undefined) continue;
      const data = { manifest: manifestLabel(manifest), identifier: pkg.identifier.slice(0, 120), name };
      const at = { subject: { kind: 'server' as const }, manifestAt: `/packages/${pkg.index}/identifier`, key: String(pkg.index) };
      // Only the package this project is: another project's package.json is not here to read.
      if (pkg.registryType === 'npm' && packageJson && pkg.identifier === packageJson.name) {
        if (packageJson.mcpName === undefined) yield { messageId: 'npmMissing', data, ...at };
        else if (packageJson.mcpName !== name)
          yield { messageId: 'npmDiffers', data: { ...data, mcpName: packageJson.mcpName.slice(0, 120) }, ...at };
      } else if (pkg.registryType === 'pypi' && pyproject && sameProject(pkg.identifier, pyproject.name)) {
        if (!(readmeMcpNames ?? []).includes(name)) yield { messageId: 'pypiMissing', data, ...at };
      } else if (pkg.registryType === 'oci' && dockerfileMcpNames) {
        // The image is built from the Dockerfile beside the manifest (the one there is to read).
        if (!dockerfileMcpNames.includes(name)) yield { messageId: 'ociMissing', data, ...at };
      }
    }
  },
});
