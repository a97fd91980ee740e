/**
 * The server-building guide's Quality Checklist, item by item. Source: the guide's general
 * checklist (SKILL.md "Quality Checklist") and its language guide's "Quality Checklist" (Python;
 * the TypeScript guide mirrors it with Zod for Pydantic). Duplicates between the two are merged
 * into one item; Python-only wording is made language-neutral ("Pydantic/Zod"). The "Advanced
 * Features (where applicable)" items are left out: they are optional by the guide's own words, so
 * neither ✓ nor ✗ would be meaningful.
 *
 * Which rules check an item is the rules' own metadata (`checklist: [item ids]`), so this file
 * names no rule; an item no registered rule checks is "not checkable from outside the server".
 */

/** What this file needs of a rule (structural, so the checklist data depends on nothing above it). */
interface RuleChecklist {
  readonly id: string;
  readonly checklist?: 'none' | readonly string[];
}

export type ChecklistSection = 'Strategic Design' | 'Implementation' | 'Tool Configuration' | 'Code Quality' | 'Testing';

export const CHECKLIST_SECTIONS: readonly ChecklistSection[] = [
  'Strategic Design',
  'Implementation',
  'Tool Configuration',
  'Code Quality',
  'Testing',
];

/** The items in the guide's order: id (what rules name), section, the guide's wording. */
const ITEMS = [
  // Strategic Design
  { id: 'complete-workflows', section: 'Strategic Design', text: 'Tools enable complete workflows, not just API endpoint wrappers' },
  { id: 'task-subdivision-names', section: 'Strategic Design', text: 'Tool names reflect natural task subdivisions' },
  { id: 'context-efficient-responses', section: 'Strategic Design', text: 'Response formats optimize for agent context efficiency' },
  { id: 'human-readable-identifiers', section: 'Strategic Design', text: 'Human-readable identifiers used where appropriate' },
  { id: 'guiding-error-messages', section: 'Strategic Design', text: 'Error messages guide agents toward correct usage' },

  // Implementation (general "Implementation" + language guide "Implementation Quality")
  {
    id: 'focused-implementation',
    section: 'Implementation',
    text: 'Focused implementation: most important and valuable tools implemented',
  },
  { id: 'descriptive-names-and-docs', section: 'Implementation', text: 'All tools have descriptive names and documentation' },
  {
    id: 'consistent-return-types',
    section: 'Implementation',
    text: 'Return types are consistent across similar operations (consistent response formats)',
  },
  { id: 'external-call-error-handling', section: 'Implementation', text: 'Error handling is implemented for all external calls' },
  { id: 'server-name-format', section: 'Implementation', text: 'Server name follows format: {service}_mcp' },
  { id: 'actionable-error-messages', section: 'Implementation', text: 'Error messages are clear, actionable, and educational' },
  { id: 'validated-outputs', section: 'Implementation', text: 'Outputs are properly validated and formatted' },

  // Tool Configuration
  {
    id: 'name-and-annotations-registered',
    section: 'Tool Configuration',
    text: "All tools implement 'name' and 'annotations' in their registration",
  },
  {
    id: 'annotations-correct',
    section: 'Tool Configuration',
    text: 'Annotations correctly set (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)',
  },
  {
    id: 'input-validation-models',
    section: 'Tool Configuration',
    text: 'Input validation with Pydantic/Zod models (no manual validation needed)',
  },
  { id: 'typed-described-fields', section: 'Tool Configuration', text: 'All fields have explicit types and descriptions with constraints' },
  {
    id: 'comprehensive-docstrings',
    section: 'Tool Configuration',
    text: 'All tools have comprehensive docstrings with explicit input/output types',
  },
  {
    id: 'return-schema-documented',
    section: 'Tool Configuration',
    text: 'Docstrings include complete schema structure for dict/JSON returns',
  },

  // Code Quality
  { id: 'dry', section: 'Code Quality', text: 'Common functionality extracted into reusable functions (DRY)' },
  { id: 'async-io', section: 'Code Quality', text: 'Async/await for all I/O' },
  { id: 'strict-types', section: 'Code Quality', text: 'Type hints/strict TypeScript throughout' },
  { id: 'pagination', section: 'Code Quality', text: 'Pagination is properly implemented where applicable' },
  {
    id: 'response-character-limit',
    section: 'Code Quality',
    text: 'Large responses check CHARACTER_LIMIT and truncate with clear messages',
  },
  { id: 'filtering-options', section: 'Code Quality', text: 'Filtering options are provided for potentially large result sets' },
  { id: 'module-constants', section: 'Code Quality', text: 'Constants are defined at module level in UPPER_CASE' },

  // Testing
  { id: 'build-succeeds', section: 'Testing', text: 'Build completes successfully' },
  { id: 'server-runs', section: 'Testing', text: 'Server runs successfully' },
  // Only probe rules belong here: listing tools is not calling them.
  { id: 'sample-tool-calls', section: 'Testing', text: 'Sample tool calls work as expected' },
  { id: 'error-scenarios', section: 'Testing', text: 'Error scenarios handled gracefully' },
  { id: 'evaluations', section: 'Testing', text: 'Evaluations created and passing' },
] as const satisfies readonly { id: string; section: ChecklistSection; text: string }[];

export type ChecklistItemId = (typeof ITEMS)[number]['id'];

export const CHECKLIST_ITEM_IDS: readonly ChecklistItemId[] = ITEMS.map((i) => i.id);

export interface ChecklistItem {
  readonly id: ChecklistItemId;
  readonly section: ChecklistSection;
  /** The guide's wording. */
  readonly text: string;
  /** Ids of the rules (in registry order) whose findings show the item is not met. */
  readonly rules: readonly string[];
}

/** The checklist with each item's rules taken from the rules' `checklist` metadata. */
export function checklistItems(rules: readonly RuleChecklist[]): ChecklistItem[] {
  return ITEMS.map((item) => ({
    ...item,
    rules: rules.filter((r) => Array.isArray(r.checklist) && r.checklist.includes(item.id)).map((r) => r.id),
  }));
}
