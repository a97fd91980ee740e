/** What a published package runs (src/source/runtime-files.ts) and the packages it imports (import-scan.ts packageSpecifiers). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageSpecifiers } from '../src/source/import-scan.js';
import { runtimeFiles } from '../src/source/runtime-files.js';

const root = mkdtempSync(join(tmpdir(), 'mcplint-runtime-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packageSpecifiers', () => {
  it('names the packages a file imports, scoped ones by scope and name, without Node built-ins, relative paths or comments', () => {
    const text = [
      "import { z } from 'zod';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import fs from 'node:fs'; import path from 'path';",
      "import './local.js'; const lazy = await import('undici'); const cjs = require('yaml');",
      "// import 'commented-out';",
      "import x from '#internal';",
    ].join('\n');
    expect(packageSpecifiers(text).sort()).toEqual(['@modelcontextprotocol/sdk', 'undici', 'yaml', 'zod']);
  });
});

describe('runtimeFiles', () => {
  it('walks the entry and what it imports through relative paths, once each, with the first importer of each package', () => {
    mkdirSync(join(root, 'dist', 'tools'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.js'), "import './tools/a.js';\nimport { z } from 'zod';\n");
    writeFileSync(join(root, 'dist', 'tools', 'a.js'), "import '../index.js';\nimport b from './b.js';\nimport 'zod';\nimport 'yaml';\n");
    writeFileSync(join(root, 'dist', 'tools', 'b.js'), 'export default 1;\n');
    writeFileSync(join(root, 'dist', 'unused.js'), "import 'left-pad';\n");
    expect(runtimeFiles([join(root, 'dist', 'index.js')], root)).toEqual({
      files: ['dist/index.js', 'dist/tools/a.js', 'dist/tools/b.js'],
      packages: [
        { name: 'zod', file: 'dist/index.js' },
        { name: 'yaml', file: 'dist/tools/a.js' },
      ],
      truncated: false,
    });
  });
});
