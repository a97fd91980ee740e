/** What `mcplint init` can propose as the server to lint (found in package.json, pyproject.toml, …). */
export interface StdioTarget {
  readonly command: string;
  readonly args: readonly string[];
  /** Written as the config's `target.env` (e.g. `PYTHONPATH` for a `src/` layout). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface Candidate {
  readonly target: StdioTarget;
  /** Where it was found, e.g. `package.json "bin"`. */
  readonly from: string;
  /** Something the user should know (e.g. the file does not exist yet: build first). */
  readonly note?: string;
  /** Why it cannot run here (e.g. `uv is not on PATH`); init never writes such a candidate. */
  readonly unavailable?: string;
}
