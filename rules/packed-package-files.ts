import { defineRule, type Report } from '../src/engine/rule.js';
import type { PackedPackage } from '../src/model/packed.js';
import { clip } from '../src/shared/text.js';

const messages = {
  binLeftOut:
    'The npm package {{package}} would leave out {{file}}, the script it starts (package.json "files" or .npmignore excludes it): `npx` would install a package that cannot start; include it.',
  importLeftOut:
    'The npm package {{package}} would leave out {{file}}, which its entry imports: the server runs in the repository and dies on its first import after `npx`; include it (package.json "files").',
  devDependency:
    'The npm package {{package}} imports "{{name}}" ({{file}}), which package.json lists only under devDependencies: users never get it installed, so the server fails to start; move it to dependencies.',
  notChecked: 'mcplint could not ask npm what the package {{package}} would hold ({{problem}}), so it was not checked.',
  notInstalled:
    'mcplint could not pack and install the package {{package}} (--packed=install: {{problem}}), so the project was linted as it is, not as a user gets it after `npx`.',
};

export default defineRule({
  id: 'packed-package-files',
  category: 'manifest',
  basis: 'guideline',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'The npm package, as npm would publish it, holds the script the server starts and every file it imports, and imports no package that is only a devDependency.',
  references: [
    { title: 'npm — package.json `files`, `bin` and `dependencies`', url: 'https://docs.npmjs.com/cli/configuring-npm/package-json' },
    { title: 'npm pack --dry-run', url: 'https://docs.npmjs.com/cli/commands/npm-pack' },
  ],
  messages,
  requires: ['packed'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const packed = capture.packed;
    if (!packed) return;
    const label = clip(packed.name ?? packed.packageJson, 200);
    const { contents } = packed;
    if (packed.installed && 'problem' in packed.installed)
      yield {
        messageId: 'notInstalled',
        data: { package: label, problem: clip(packed.installed.problem, 200) },
        subject: { kind: 'server' },
        packageAt: '/name',
        milder: true,
      };
    if ('problem' in contents) {
      yield {
        messageId: 'notChecked',
        data: { package: label, problem: clip(contents.problem, 200) },
        subject: { kind: 'server' },
        packageAt: '/name',
        milder: true,
      };
      return;
    }
    for (const left of contents.missing)
      yield {
        messageId: left.bin ? 'binLeftOut' : 'importLeftOut',
        data: { package: label, file: clip(left.file, 200) },
        subject: { kind: 'server' },
        packageAt: left.bin ? placeOf(packed, '/bin') : placeOf(packed, '/files'),
        key: left.file,
      };
    for (const dev of contents.devOnly)
      yield {
        messageId: 'devDependency',
        data: { package: label, name: clip(dev.name, 200), file: clip(dev.file, 200) },
        subject: { kind: 'server' },
        packageAt: `/devDependencies/${dev.name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        key: dev.name,
      };
  },
});

/** `pointer` when package.json has that key, else its "files" (what decides what is packed), else its "name". */
function placeOf(packed: PackedPackage, pointer: string): string {
  return [pointer, '/files'].find((p) => packed.positions[p] !== undefined) ?? '/name';
}
