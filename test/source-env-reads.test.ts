/** The source index's lexical scan of environment reads (src/source/extract/env-reads.ts): what it finds, and that it stays linear. */
import { describe, expect, it } from 'vitest';
import { envReads, MAX_ENV_READS } from '../src/source/extract/env-reads.js';

const scan = (text: string, file = '/p/server.ts') => envReads(new Map([[file, text]]), '/p');

describe('envReads', () => {
  it('finds JavaScript reads by literal name, with their positions', () => {
    const reads = scan('const a = process.env.API_KEY;\nconst b = process.env[\'REGION\'] ?? process.env["ZONE"];\n');
    expect(reads).toEqual([
      { file: 'server.ts', line: 1, column: 11, name: 'API_KEY' },
      { file: 'server.ts', line: 2, column: 11, name: 'REGION' },
      { file: 'server.ts', line: 2, column: 36, name: 'ZONE' },
    ]);
  });

  it('finds Python reads: os.environ[…], os.environ.get(…), os.getenv(…), and the imported forms', () => {
    const text =
      "import os\nfrom os import environ, getenv\na = os.environ['A']\nb = os.environ.get(\"B\", 'x')\nc = os.getenv('C')\nd = environ['D']\ne = getenv('E')\n";
    expect(scan(text, '/p/server.py').map((r) => r.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('does not take computed names, other objects or look-alikes for reads', () => {
    expect(scan('process.env[name]; myprocess.env_x; obj.getenv("X"); process.environment.Y; environs["Z"]')).toEqual([]);
  });

  it('takes a name only when it is whole: a closed literal, an identifier not cut at the length cap', () => {
    const long = `A${'B'.repeat(199)}`;
    const text = [
      'process.env["PREFIX_" + kind];',
      'os.environ.get(`A-B`)',
      `process.env.${long};`,
      `process.env['${long}'];`,
      "os.getenv('WHOLE')",
    ].join('\n');
    expect(scan(text, '/p/server.py').map((r) => r.name)).toEqual(['WHOLE']);
  });

  it('keeps at most its cap of reads', () => {
    expect(scan('process.env.A;'.repeat(MAX_ENV_READS + 10))).toHaveLength(MAX_ENV_READS);
  });

  it('scans a hostile megabyte of near-misses (the test timeout is the bound: a backtracking pattern would take minutes)', () => {
    const text = `${'process.env['.repeat(40_000)}${'os.environ.get( '.repeat(20_000)}${'a'.repeat(500_000)}`;
    expect(scan(text)).toEqual([]);
  });
});
