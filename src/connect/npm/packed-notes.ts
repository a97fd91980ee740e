/**
 * What a report says of a run with the packed check (docs/packed.md): which package was checked as
 * npm would publish it, and, with --packed=install, that the installed copy is what ran. What went
 * wrong is not a note: `packed-package-files` reports it.
 */
import type { PackedPackage } from '../../model/packed.js';

export function packedNotes(packed: PackedPackage): string[] {
  const name = packed.name ? `npm package ${packed.name}` : 'npm package';
  const notes: string[] = [];
  if (!('problem' in packed.contents)) {
    const files = `${packed.contents.fileCount} file${packed.contents.fileCount === 1 ? '' : 's'}`;
    notes.push(`checked the ${name} (${packed.packageJson}) as npm would publish it: ${files}`);
  }
  if (packed.installed && 'bin' in packed.installed) {
    notes.push(
      `--packed=install: packed the ${name}, installed it into a temporary folder (removed after the run) and launched ${packed.installed.bin}; findings are mapped to the project's files`,
    );
  }
  return notes;
}
