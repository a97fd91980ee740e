/**
 * Test files share their worker's modules (vitest.config.ts), so a vi.mock in one would replace the
 * module for the files after it: every file that mocks a module must be listed to run isolated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../vitest.config.js';
import { ROOT } from './helpers/capture.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('vitest configuration', () => {
  it('runs every file that mocks a module in isolation, and only those', () => {
    const mocking = testFiles(join(ROOT, 'test'))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')) && !file.endsWith('vitest-config.test.ts'))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(mocking).toEqual([...MOCKING_FILES].sort());
  });
});
