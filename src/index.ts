/**
 * mcplint as a library (the package's main export): lint a server, format the report, apply a
 * baseline, decide the exit code, and the pieces needed to write rules of your own.
 * The command line (src/cli.ts) uses the same modules, imported directly rather than through this file.
 */
export { lint, type LintOptions, type LintOutcome } from './lint.js';
export { planProbes, renderPlans, type PlannedServer } from './plan-probes.js';
export type { ProbesConfig, ProbeFlags, ProbePlan } from './probes/types.js';
export { rules } from '../rules/index.js';
export { formatters } from './formatters/index.js';
export type { FormatContext, Formatter } from './formatters/types.js';
export type { LintReport, ServerReport, LocatedFinding, ToolScore } from './report.js';
export { toolScores, totals } from './report.js';
export { scoreServer, gradeOf, GRADE_BANDS, LEVEL_WEIGHTS, CATEGORY_WEIGHTS, type Score } from './engine/score.js';
export { parseBaseline, serializeBaseline, type Baseline, type BaselineEntry, type BaselineSummary } from './engine/baseline.js';
export { applyBaseline, updatedBaseline } from './report-baseline.js';
export { gate, type GateOptions, type FailOn } from './gate.js';
export { configSchema, type McplintConfig } from './engine/config.js';
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
} from './engine/rule.js';
export type { Capture } from './capture.js';
export { VERSION } from './version.js';
