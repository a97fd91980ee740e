/**
 * mcplint lints itself: `mcplint -- mcplint mcp` (the built bin, probes and source mapping on) has
 * no finding, score 100, grade A. A rule that newly fires on mcplint's own MCP server is fixed in
 * the server, not by turning the rule off.
 */
import { describe, expect, it } from 'vitest';
import { CLI, CLI_DEADLINE_MS, runCli } from './helpers/cli.js';

describe('mcplint mcp, linted by mcplint', () => {
  it(
    'has no finding (score 100, A), probes included',
    async () => {
      const r = await runCli(['--format', 'json', '--', process.execPath, CLI, 'mcp']);
      expect(r.code, r.stderr).toBe(0);
      const server = (
        JSON.parse(r.stdout) as { servers: { findings: unknown[]; score: number; grade: string; ran: string[]; notes: string[] }[] }
      ).servers[0]!;
      expect(server.findings).toEqual([]);
      expect([server.score, server.grade]).toEqual([100, 'A']);
      // The probes ran (tools were called) and the source was mapped (no note says it failed).
      expect(server.ran).toEqual(
        expect.arrayContaining(['tool-errors-are-results', 'pagination-metadata', 'source-stdout-write', 'evaluation-present']),
      );
      expect(server.notes.filter((n) => /source mapping/.test(n))).toEqual([]);
    },
    CLI_DEADLINE_MS + 10_000,
  );
});
