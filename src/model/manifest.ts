/**
 * A published manifest linted with `--manifest` (docs/manifests.md): the MCP Registry's
 * `server.json` or an MCP Bundle's `manifest.json`, as read (src/connect/manifest/), with what its
 * schema said of it and the facts of the project beside it that the manifest rules compare it
 * with. Plain data in the capture, so `--from` re-lints it without the files; a manifest is
 * published, so nothing in it is a secret (declared variables carry names, never values).
 */
import type { TextPosition } from '../shared/json-position.js';

export type ManifestKind = 'server.json' | 'mcpb';

export interface ManifestRecord {
  /** The file as the user gave it (reports name it so). */
  readonly file: string;
  readonly kind: ManifestKind;
  /** The schema it was validated against: the server.json `$schema` date, or the MCPB `manifest_version`. */
  readonly schemaVersion: string;
  /** The parsed document. */
  readonly document: Readonly<Record<string, unknown>>;
  /** What the schema rejects, one entry per problem (ajv, every error). */
  readonly schemaProblems: readonly ManifestProblem[];
  /** JSON pointer → where its key (or array element) starts in the file, for locations. */
  readonly positions: Readonly<Record<string, TextPosition>>;
  /** The project beside the manifest, as the registry and the client would see it. */
  readonly project: ManifestProject;
  /** Read from an MCP Bundle archive (`.mcpb`), unpacked into a temporary folder for the run. */
  readonly archive?: true;
  /** How mcplint launched the server (absent: it could not, and said why in the capture's notes). */
  readonly launch?: ManifestLaunch;
}

export interface ManifestProblem {
  /** JSON pointer into the document. */
  readonly pointer: string;
  readonly message: string;
}

export interface ManifestProject {
  /** package.json beside the manifest: the fields the registry reads. */
  readonly packageJson?: { readonly name?: string; readonly version?: string; readonly mcpName?: string };
  /** pyproject.toml beside the manifest: `[project]` name and version. */
  readonly pyproject?: { readonly name?: string; readonly version?: string };
  /** The `mcp-name: <name>` markers of the README beside the manifest (the registry's PyPI ownership check). */
  readonly readmeMcpNames?: readonly string[];
  /** The `io.modelcontextprotocol.server.name` labels of the Dockerfile beside the manifest (the registry's OCI ownership check). */
  readonly dockerfileMcpNames?: readonly string[];
  /** MCPB: the `server.entry_point` file, relative to the bundle directory, and whether it is a file inside it. */
  readonly entryPoint?: { readonly path: string; readonly exists: boolean; readonly inside: boolean };
}

export interface ManifestLaunch {
  /** Which entry of the manifest was launched, in words (`packages[0] (npm my-server), package.json bin`). */
  readonly from: string;
  /** Variables given placeholder values because the manifest requires them and has no default (names only). */
  readonly placeholders: readonly string[];
  /** The npm package's bin when the launch is this project's npm package: what the packed check walks from. */
  readonly npmBin?: string;
}
