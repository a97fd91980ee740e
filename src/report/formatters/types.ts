/** Formatters are plain functions from the report to a string (ESLint/Spectral style). */
import type { RepositoryPlaces } from '../../locate/repository-places.js';
import type { Rule } from '../../engine/rule.js';
import type { GateResult } from '../gate.js';
import type { LintReport } from '../report.js';
import type { ChecklistItem } from '../../model/checklist-items.js';

export interface FormatContext {
  /** The whole registry, in registry order (SARIF lists every rule). */
  readonly rules: readonly Rule[];
  /** Colour output (text only). */
  readonly color: boolean;
  /** SARIF automationDetails category, only when the user asked for one. */
  readonly sarifCategory?: string;
  /** SARIF: puts every location on an existing file of the repository (the CLI's runs; absent: locate()'s paths). */
  readonly repositoryPlaces?: RepositoryPlaces;
  /** The run's --fail-on level (JUnit: which findings are failures; default error). */
  readonly failOn?: 'error' | 'warning' | 'note' | 'none';
  /**
   * The Quality Checklist with each item's rules (default: from the rules' metadata in `rules`).
   * Given separately when `rules` is only part of the registry, so an item whose rules are all
   * missing reads "no rule checks it in this version", not "not checkable".
   */
  readonly checklist?: readonly ChecklistItem[];
  /** Text: fold the repeated findings of one rule, and the rules not checked for one reason, into one line each (default true; --no-fold, --verbose). */
  readonly fold?: boolean;
  /** Text: the terminal's width, to wrap long messages to (absent: never wrap, as in pipes and files). */
  readonly width?: number;
  /** Text: --quiet, errors only and one summary line that counts what it leaves out. */
  readonly quiet?: boolean;
  /** The run's verdict (src/report/gate.ts): summaries name the condition that failed the run. Absent: none given (library use). */
  readonly gate?: GateResult;
  /** When the run happened (JUnit timestamps); default now. */
  readonly timestamp?: Date;
}

export type Formatter = (report: LintReport, context: FormatContext) => string;
