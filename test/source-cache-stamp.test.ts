/**
 * The cache key's stamp of the indexer's code (src/source/cache.ts) covers the extractor's parts
 * in src/source/extract/, not only the top-level modules: editing one part invalidates old indexes.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexerCodeStamp } from '../src/source/cache.js';
import { ROOT } from './helpers/capture.js';

describe('indexer code stamp', () => {
  it("covers every module of extract's parts folder, not its declaration files", () => {
    const modules = mkdtempSync(join(tmpdir(), 'mcplint-stamp-'));
    for (const name of ['index', 'files', 'sourcemap', 'extract', 'cache']) writeFileSync(join(modules, `${name}.js`), `// ${name}\n`);
    mkdirSync(join(modules, 'extract'));
    writeFileSync(join(modules, 'extract', 'zod.js'), '// zod\n');
    const before = indexerCodeStamp(modules, '.js');
    writeFileSync(join(modules, 'extract', 'zod.d.ts'), 'export {};\n');
    expect(indexerCodeStamp(modules, '.js')).toBe(before);
    writeFileSync(join(modules, 'extract', 'zod.js'), '// zod, edited\n');
    expect(indexerCodeStamp(modules, '.js')).not.toBe(before);
    const edited = indexerCodeStamp(modules, '.js');
    writeFileSync(join(modules, 'extract', 'resolve.js'), '// a new part\n');
    expect(indexerCodeStamp(modules, '.js')).not.toBe(edited);
  });

  it('reads the real parts, in the sources and in the unbundled build', () => {
    for (const [dir, ext] of [
      [join(ROOT, 'src', 'source'), '.ts'],
      [join(ROOT, 'dist', 'src', 'source'), '.js'],
    ] as const) {
      // The same top-level modules without the parts folder: only the parts can tell them apart.
      const topLevelOnly = mkdtempSync(join(tmpdir(), 'mcplint-stamp-'));
      for (const name of ['index', 'files', 'sourcemap', 'extract', 'cache']) cpSync(join(dir, name + ext), join(topLevelOnly, name + ext));
      expect(indexerCodeStamp(dir, ext)).not.toBe(indexerCodeStamp(topLevelOnly, ext));
    }
  });
});
