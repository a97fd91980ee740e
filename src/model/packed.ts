/**
 * The npm package of the linted project as npm would publish it (`--packed`, and `--manifest` for
 * an npm package of the project; docs/packed.md): what the package would leave out of what its
 * entry runs, and what it imports that users never get installed. Plain data in the capture, so
 * `--from` judges it again without the project; package.json is published, so nothing here is a
 * secret.
 */
import type { TextPosition } from '../shared/json-position.js';

export type PackedMode = 'files' | 'install';

export interface PackedPackage {
  /** The package's package.json, relative to the run's working directory, `/` separators (findings are located in it). */
  readonly packageJson: string;
  /** JSON pointer → where its key starts in package.json. */
  readonly positions: Readonly<Record<string, TextPosition>>;
  /** package.json "name", when it is a string. */
  readonly name?: string;
  /** What the check walked from: the launched entry and every `bin` target, relative to the package folder. */
  readonly entries: readonly string[];
  readonly contents: PackedContents;
  /** --packed=install: the package was packed and installed into a temporary folder, and its installed bin launched. */
  readonly installed?: InstalledPackage;
}

export type PackedContents =
  | {
      /** Files the package would hold. */
      readonly fileCount: number;
      /** The entries and the files they import (relative to the package folder), that the package leaves out. */
      readonly missing: readonly { readonly file: string; readonly bin: boolean }[];
      /** Packages the published files import that package.json lists only under devDependencies. */
      readonly devOnly: readonly { readonly name: string; readonly file: string }[];
    }
  /** Why npm could not say what it would publish. */
  | { readonly problem: string };

export type InstalledPackage =
  /** The installed bin that was launched, relative to the install folder (`node_modules/<name>/…`). */
  | { readonly bin: string }
  /** Why the package could not be packed or installed (then the project's own entry was launched). */
  | { readonly problem: string };
