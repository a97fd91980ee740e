/**
 * mcplint as a library (the package's main export): lint a server, format the report, apply a
 * baseline, decide the exit code, and the pieces needed to write rules of your own.
 * The command line (src/cli/bin.ts) uses the same modules, imported directly rather than through this file.
 */
export { lint, type LintOptions, type LintOutcome } from '../session/lint.js';
export { planProbes, renderPlans, type PlannedServer } from '../commands/plan-probes.js';
export type { ProbesConfig, ProbeFlags, ProbePlan } from '../model/probe-types.js';
export { rules } from '../../rules/index.js';
export { formatters } from '../report/formatters/index.js';
export type { FormatContext, Formatter } from '../report/formatters/types.js';
export type { LintReport, ServerReport, LocatedFinding, ToolScore } from '../report/report.js';
export { toolScores, totals } from '../report/report.js';
export { scoreServer, gradeOf, GRADE_BANDS, LEVEL_WEIGHTS, CATEGORY_WEIGHTS, type Score } from '../score/score.js';
export { parseBaseline, serializeBaseline, type Baseline, type BaselineEntry, type BaselineSummary } from '../report/baseline.js';
export { applyBaseline, updatedBaseline } from '../report/apply-baseline.js';
export { gate, type GateOptions, type FailOn } from '../report/gate.js';
export { configSchema, type McplintConfig } from '../config/config.js';
export {
  defineRule,
  type Rule,
  type RuleDefinition,
  type Report,
  type Subject,
  type Severity,
  type Level,
  type DefaultLevel,
  type RuleStatus,
} from '../engine/rule.js';
export type { Capture } from '../model/capture.js';
export { VERSION } from '../shared/version.js';
