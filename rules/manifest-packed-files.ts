import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel, manifestPackages } from './lib/manifest.js';

const messages = {
  binLeftOut:
    'The npm package {{manifest}} publishes would leave out its bin, {{file}} (package.json "files" or .npmignore excludes it): `npx` would install a package that cannot start; include it.',
  importLeftOut:
    'The npm package {{manifest}} publishes would leave out {{file}}, which its bin imports: the server runs in the repository and dies on its first import after `npx`; include it (package.json "files").',
  devDependency:
    'The npm package {{manifest}} publishes imports "{{name}}" ({{file}}), which package.json lists only under devDependencies: users never get it installed, so the server fails to start; move it to dependencies.',
  notChecked: 'mcplint could not ask npm what the package {{manifest}} publishes would hold ({{problem}}), so it was not checked.',
};

export default defineRule({
  id: 'manifest-packed-files',
  category: 'manifest',
  basis: 'guideline',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'The npm package a server.json publishes holds its bin and every file the bin imports, and imports no package that is only a devDependency.',
  references: [
    { title: 'npm — package.json `files`, `bin` and `dependencies`', url: 'https://docs.npmjs.com/cli/configuring-npm/package-json' },
    { title: 'npm pack --dry-run', url: 'https://docs.npmjs.com/cli/commands/npm-pack' },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    const packed = manifest?.project.packed;
    if (!manifest || !packed) return;
    const label = manifestLabel(manifest);
    const npm = manifestPackages(manifest.document).find(
      (p) => p.registryType === 'npm' && p.identifier === manifest.project.packageJson?.name,
    );
    const manifestAt = npm ? `/packages/${npm.index}/identifier` : '/name';
    if ('problem' in packed) {
      yield {
        messageId: 'notChecked',
        data: { manifest: label, problem: packed.problem.slice(0, 200) },
        subject: { kind: 'server' },
        manifestAt,
        milder: true,
      };
      return;
    }
    for (const left of packed.missing)
      yield {
        messageId: left.bin ? 'binLeftOut' : 'importLeftOut',
        data: { manifest: label, file: left.file.slice(0, 200) },
        subject: { kind: 'server' },
        manifestAt,
        key: left.file,
      };
    for (const dev of packed.devOnly)
      yield {
        messageId: 'devDependency',
        data: { manifest: label, name: dev.name, file: dev.file.slice(0, 200) },
        subject: { kind: 'server' },
        manifestAt,
        key: dev.name,
      };
  },
});
