/**
 * Terminal injection: a server's names, titles, stderr and error messages are printed by the human
 * formats (text, plan, checklist, github, markdown) with every control character shown instead of
 * obeyed; JSON and SARIF keep the exact values. Real bin, real hostile fixture.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inertBlock, inertLine } from '../src/shared/inert.js';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const FIXTURE = fixturePath('hostile/terminal-injection.mjs');
const ESC = '\u001b';
const CLIPBOARD_TOOL = `bookstore_add_review${ESC}]52;c;ZWNobyBwd25lZA==\u0007`;
/** What a terminal would act on: C0 (but tab and line feed), a CR not before LF, DEL, C1, bidi controls. */
const ACTIVE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
/** --report flags writing each format to its file in `dir`. */
const reportFlags = (dir: string, files: Record<string, string>): string[] =>
  Object.entries(files).flatMap(([format, file]) => ['--report', `${format}=${join(dir, file)}`]);

describe('inertLine and inertBlock', () => {
  it('show escapes, CR, backspace, C1 and bidi controls; leave ordinary text (backslashes too) alone', () => {
    expect(inertLine(`a${ESC}[2Jb\rc\bd\u009be\u202ef\u2066g`)).toBe('a\\x1b[2Jb\\rc\\x08d\\x9be⟨U+202E⟩f⟨U+2066⟩g');
    expect(inertLine('two\nlines\tand a tab')).toBe('two\\nlines\\tand a tab');
    expect(inertBlock('two\nlines\tand a tab\r\nCRLF kept, lone \r shown')).toBe('two\nlines\tand a tab\r\nCRLF kept, lone \\r shown');
    const ordinary = 'C:\\Users\\me ✔ “quoted” 日本語 \\x1b as text';
    expect(inertLine(ordinary)).toBe(ordinary);
    expect(inertBlock(ordinary)).toBe(ordinary);
    // Idempotent: what is shown is plain text.
    expect(inertLine(inertLine(`${ESC}]0;t\u0007`))).toBe(inertLine(`${ESC}]0;t\u0007`));
  });
});

describe('terminal injection through the report', { timeout: 90_000 }, () => {
  it('names, titles and descriptions: inert in text, markdown, checklist and github; exact in JSON and SARIF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-inert-'));
    const files = { markdown: 'out.md', checklist: 'out-checklist.txt', github: 'out-github.txt', json: 'out.json', sarif: 'out.sarif' };
    const r = await runCli(['--format', 'text', ...reportFlags(dir, files), '--', process.execPath, FIXTURE]);
    expect(r.stderr).not.toContain('internal error');
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const human = { text: r.stdout, markdown: read(files.markdown), checklist: read(files.checklist), github: read(files.github) };
    for (const [format, output] of Object.entries(human)) {
      expect(output, format).not.toMatch(ACTIVE);
      expect(output, format).toContain('bookstore-mcp-server');
    }
    // The hostile strings are there, shown (so the test tests something).
    expect(human.text).toContain('Tool "bookstore_add_review\\x1b]52;c;ZWNobyBwd25lZA==\\x07"');
    expect(human.text).toContain('bookstore-mcp-server\\x1b]0;owned\\x07\\x1b[2J 1.0.0\\r✔ no problems');
    expect(human.text).toContain('\\x08\\x08\\x08\\x9b2J');
    expect(human.github).toContain('\\x1b]52;c;');
    expect(human.checklist).toContain('Quality checklist: bookstore-mcp-server\\x1b]0;owned');

    const json = JSON.parse(read(files.json)) as { servers: { findings: { subject: { name?: string } }[] }[] };
    expect(json.servers[0]!.findings.some((f) => f.subject.name === CLIPBOARD_TOOL)).toBe(true);
    expect(read(files.sarif)).toContain(JSON.stringify(CLIPBOARD_TOOL).slice(1, -1));
  });

  it('a handshake error and stderr: inert in text, markdown, checklist and github', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-inert-'));
    const files = { markdown: 'out.md', checklist: 'out-checklist.txt', github: 'out-github.txt' };
    const r = await runCli(['--format', 'text', ...reportFlags(dir, files), '--', process.execPath, FIXTURE, '--fail-initialize']);
    expect(r.code).toBe(1);
    const written = Object.entries(files).map(([format, file]) => [format, readFileSync(join(dir, file), 'utf8')]);
    const outputs = { text: r.stdout, ...Object.fromEntries(written) };
    for (const [format, output] of Object.entries(outputs)) {
      expect(output, format).not.toMatch(ACTIVE);
      expect(output, format).toMatch(/cannot start\\+x1b\\?\[2J/);
    }
    expect(outputs.text).toContain('\\x1b[2J\\x1b[H[bookstore] starting');
  });

  it('mcplint plan: the server name, tool names and the handshake error are inert', async () => {
    const listed = await runCli(['plan', '--', process.execPath, FIXTURE]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(ACTIVE);
    expect(listed.stdout).toContain('Probe plan for bookstore-mcp-server\\x1b]0;owned\\x07\\x1b[2J 1.0.0\\r✔ no problems');
    expect(listed.stdout).toContain('  bookstore_add_review\\x1b]52;c;ZWNobyBwd25lZA==\\x07: never called');
    const failed = await runCli(['plan', '--', process.execPath, FIXTURE, '--fail-initialize']);
    expect(failed.stdout).not.toMatch(ACTIVE);
    expect(failed.stdout).toContain(
      'No probes: the handshake failed: The server answered initialize with an error: cannot start\\x1b[2J\\r',
    );
    // JSON keeps the exact name.
    const json = await runCli(['plan', '--format', 'json', '--', process.execPath, FIXTURE]);
    const exact = `bookstore-mcp-server${ESC}]0;owned\u0007${ESC}[2J 1.0.0\r✔ no problems · score 100/100`;
    expect((JSON.parse(json.stdout) as { server: string }).server).toBe(exact);
  });
});
