/**
 * Config mistakes as users meet them (built bin): one line with the file, the line and column where
 * the parser stopped and its reason; rule entries named by rule, option and value, with what is accepted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeJsonSyntax, jsonSyntaxProblem, positionAt } from '../src/shared/json-position.js';
import { runCli } from './helpers/cli.js';

/** A project directory (its own package.json stops cosmiconfig's search) holding one file. */
function project(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-config-errors-'));
  writeFileSync(join(dir, 'package.json'), name === 'package.json' ? text : '{}');
  if (name !== 'package.json') writeFileSync(join(dir, name), text);
  return dir;
}

function expectOneLine(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toEqual([expect.stringMatching(message)]);
  expect(r.stderr).not.toMatch(/internal error|race condition|\n\s+at /);
}

describe('JSON parse positions', () => {
  it('turns an offset into a 1-based line and column', () => {
    expect(positionAt('ab\ncd\n', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
    expect(positionAt('ab\ncd\n', 99)).toEqual({ line: 3, column: 1 });
  });

  it("reads JSON.parse's own error", () => {
    const text = '{\n  "a": 1,,\n}';
    let error: unknown;
    try {
      JSON.parse(text);
    } catch (e) {
      error = e;
    }
    const problem = jsonSyntaxProblem(text, error);
    expect(problem.position).toEqual({ line: 2, column: 10 });
    expect(problem.reason).not.toMatch(/position/);
    expect(describeJsonSyntax('x.json', text, error)).toMatch(/^x\.json:2:10: not valid JSON: \S/);
    expect(jsonSyntaxProblem('{', new SyntaxError('Unexpected end of JSON input')).position).toEqual({ line: 1, column: 2 });
  });
});

describe.concurrent('a config that does not parse: file:line:column and the reason, exit 2', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'JSON',
      'mcplint.config.json',
      '{\n  "rules": {\n    "tool-name-verb": "off",,\n  }\n}\n',
      /^mcplint: mcplint\.config\.json:3:29: not valid JSON: Expected double-quoted property name$/,
    ],
    [
      'JSON in .mcplintrc.json',
      '.mcplintrc.json',
      '{"rules": ',
      /^mcplint: \.mcplintrc\.json:1:11: not valid JSON: unexpected end of the file$/,
    ],
    [
      'package.json',
      'package.json',
      '{"mcplint": {"rules": {}}, }',
      /^mcplint: package\.json:1:28: not valid JSON: Expected double-quoted property name$/,
    ],
    [
      'YAML',
      'mcplint.config.yaml',
      'rules:\n  tool-name-verb: [off\n  x: : y\n',
      /^mcplint: mcplint\.config\.yaml:3:3: not valid YAML: \S+/,
    ],
    [
      '.mjs syntax',
      'mcplint.config.mjs',
      'export default {\n  rules: {\n    "tool-name-verb": "off" +\n  }\n};\n',
      /^mcplint: mcplint\.config\.mjs:4:3: SyntaxError: Unexpected token '}'$/,
    ],
    [
      '.mjs that throws',
      'mcplint.config.mjs',
      'const x = 1;\nconst y = z.w;\nexport default {};\n',
      /^mcplint: mcplint\.config\.mjs:2:11: ReferenceError: z is not defined$/,
    ],
    [
      '.cjs syntax',
      'mcplint.config.cjs',
      'module.exports = {\n  a: 1 +\n};\n',
      /^mcplint: mcplint\.config\.cjs:3:1: SyntaxError: Unexpected token '}'$/,
    ],
    [
      '.ts syntax',
      'mcplint.config.ts',
      'export default {\n  rules: {}\n  x: 1,\n};\n',
      /^mcplint: mcplint\.config\.ts:3:3: SyntaxError: ',' expected\.$/,
    ],
  ];
  for (const [name, file, text, message] of cases) {
    it(name, async () => {
      const dir = project(file, text);
      expectOneLine(await runCli(['--from', 'capture.json'], { cwd: dir }), message);
    });
  }

  it('--config-file: line and column, not a character offset', async () => {
    const dir = project('mcp.json', '{\n  // a comment\n  "mcpServers": {\n    "a": { "command": "node" },\n    "b" { }\n  }\n}\n');
    expectOneLine(
      await runCli(['--config-file', 'mcp.json'], { cwd: dir }),
      /^mcplint: --config-file mcp\.json:5:9: not valid JSON: Unexpected token '\{'$/,
    );
  });
});

describe.concurrent('a bad rule entry names the rule, the option, the value and what is accepted', () => {
  const cases: [string, unknown, RegExp][] = [
    ['unknown level', 'loud', /rules\.tool-description-length: "loud" is not a level \(accepted: error, warning, note, off\)$/],
    [
      'unknown level with options',
      ['warn', {}],
      /rules\.tool-description-length: "warn" is not a level \(did you mean "warning"\?\) \(accepted: error, warning, note, off\)$/,
    ],
    [
      'option of the wrong type',
      ['warning', { maxLength: 'long' }],
      /rules\.tool-description-length\.maxLength: must be integer \(accepted: a whole number ≥ 1\), got "long"$/,
    ],
    [
      'option out of range',
      ['warning', { minLength: -1 }],
      /rules\.tool-description-length\.minLength: must be >= 0 \(accepted: a whole number ≥ 0\), got -1$/,
    ],
    [
      'unknown option',
      ['warning', { max: 3 }],
      /rules\.tool-description-length: unknown option "max" \(accepted options: minLength, maxLength\)$/,
    ],
    [
      'options not an object',
      ['warning', 5],
      /rules\.tool-description-length: the options must be an object \(accepted options: minLength, maxLength\), got 5$/,
    ],
    [
      'neither level nor list',
      7,
      /rules\.tool-description-length: must be a level \(error, warning, note, off\) or \[level, \{ minLength, maxLength \}\], got 7$/,
    ],
  ];
  for (const [name, entry, message] of cases) {
    it(name, async () => {
      const dir = project('mcplint.config.json', JSON.stringify({ rules: { 'tool-description-length': entry } }));
      expectOneLine(await runCli(['--from', 'capture.json'], { cwd: dir }), message);
    });
  }

  it('options for a rule that takes none', async () => {
    const dir = project('mcplint.config.json', JSON.stringify({ rules: { 'tool-name-verb': ['off', { a: 1 }] } }));
    expectOneLine(await runCli(['--from', 'capture.json'], { cwd: dir }), /rules\.tool-name-verb: this rule takes no options/);
  });
});

describe.concurrent('a config that parses but is wrong: the line and column of the key', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'JSON rule entry',
      'mcplint.config.json',
      '{\n  "rules": {\n    "tool-name-verb": "loud"\n  }\n}\n',
      /^mcplint: mcplint\.config\.json:3:5: rules\.tool-name-verb: "loud" is not a level/,
    ],
    [
      'YAML rule entry',
      '.mcplintrc.yml',
      'rules:\n  tool-name-verb: loud\n',
      /^mcplint: \.mcplintrc\.yml:2:3: rules\.tool-name-verb: "loud"/,
    ],
    [
      'unknown top-level key',
      'mcplint.config.json',
      '{\n "timeout": 5,\n "bogus": 1}',
      /^mcplint: mcplint\.config\.json:3:2: \(root\): unknown key "bogus"$/,
    ],
    [
      'package.json',
      'package.json',
      '{\n  "mcplint": {\n    "rules": { "nope": "off" }\n  }\n}',
      /^mcplint: package\.json:3:16: rules\.nope: unknown rule "nope"$/,
    ],
  ];
  for (const [name, file, text, message] of cases) {
    it(name, async () => {
      const dir = project(file, text);
      expectOneLine(await runCli(['--from', 'capture.json'], { cwd: dir }), message);
    });
  }
});

describe.concurrent('every problem of a config at once, one line each, with its did-you-mean', () => {
  function expectLines(r: { code: number | null; stdout: string; stderr: string }, lines: RegExp[]): void {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual(lines.map((line) => expect.stringMatching(line)));
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  }

  it('a misspelt key, preset, rule and level, in the order of the file', async () => {
    const text =
      '{\n  "rule": {},\n  "extends": "strcit",\n  "rules": { "tool-name-verbs": "off", "tool-description-length": "warn" }\n}\n';
    expectLines(await runCli(['--from', 'capture.json'], { cwd: project('mcplint.config.json', text) }), [
      /^mcplint: mcplint\.config\.json:2:3: \(root\): unknown key "rule" \(did you mean "rules"\?\)$/,
      /^mcplint: mcplint\.config\.json:3:3: extends: must be one of recommended, strict, spec \(did you mean "strict"\?\)$/,
      /^mcplint: mcplint\.config\.json:4:14: rules\.tool-name-verbs: unknown rule "tool-name-verbs" \(did you mean "tool-name-verb"\?\)$/,
      /^mcplint: mcplint\.config\.json:4:40: rules\.tool-description-length: "warn" is not a level \(did you mean "warning"\?\) \(accepted: error, warning, note, off\)$/,
    ]);
  });

  it('keys at every level the schema knows', async () => {
    const config = {
      target: { command: 'node', agrs: [] },
      source: { enabeld: false },
      probes: { allowtools: [] },
      ignore: [{ rule: 'tool-name-verbb', reason: 'accepted', tol: 'x' }],
      rules: { 'tool-description-length': ['warning', { maxLenght: 3 }] },
      allow_origins: [],
    };
    const r = await runCli(['--from', 'capture.json'], { cwd: project('mcplint.config.json', JSON.stringify(config)) });
    expectLines(r, [
      /target: unknown key "agrs" \(did you mean "args"\?\)$/,
      /source: unknown key "enabeld" \(did you mean "enabled"\?\)$/,
      /probes: unknown key "allowtools" \(did you mean "allowTools"\?\)$/,
      /ignore\.0\.rule: unknown rule "tool-name-verbb" \(did you mean "tool-name-verb"\?\)$/,
      /ignore\.0: unknown key "tol" \(did you mean "tool"\?\)$/,
      /rules\.tool-description-length: unknown option "maxLenght" \(did you mean "maxLength"\?\) \(accepted options: minLength, maxLength\)$/,
      /\(root\): unknown key "allow_origins" \(did you mean "allowOrigins"\?\)$/,
    ]);
  });

  it('bad values as well as unknown names (YAML too)', async () => {
    const text =
      'timeout: 0\nprobes:\n  maxResourceReads: -1\nrules:\n  tool-description-length: [warning, { minLength: -1, maxLength: "long" }]\n';
    expectLines(await runCli(['--from', 'capture.json'], { cwd: project('.mcplintrc.yml', text) }), [
      /^mcplint: \.mcplintrc\.yml:1:1: timeout: must be >= 1$/,
      /^mcplint: \.mcplintrc\.yml:3:3: probes\.maxResourceReads: must be >= 0$/,
      /^mcplint: \.mcplintrc\.yml:5:40: rules\.tool-description-length\.minLength: must be >= 0 .*, got -1$/,
      /^mcplint: \.mcplintrc\.yml:5:55: rules\.tool-description-length\.maxLength: must be integer .*, got "long"$/,
    ]);
  });
});
