/**
 * The server-building guide's Quality Checklist, item by item, with the rules that check each item
 * from outside the server. Source: the guide's general checklist (SKILL.md "Quality Checklist") and
 * its language guide's "Quality Checklist" (Python; the TypeScript guide mirrors it with Zod for
 * Pydantic). Duplicates between the two are merged into one item; Python-only wording is made
 * language-neutral ("Pydantic/Zod"). The "Advanced Features (where applicable)" items are left out:
 * they are optional by the guide's own words, so neither ✓ nor ✗ would be meaningful.
 *
 * `rules` may name rules that are not (yet) in the registry; the checklist formatter only counts
 * rules present in the registry. An item with no rules is "not checkable from outside the server".
 */

export type ChecklistSection = 'Strategic Design' | 'Implementation' | 'Tool Configuration' | 'Code Quality' | 'Testing';

export interface ChecklistItem {
  readonly section: ChecklistSection;
  /** The guide's wording. */
  readonly text: string;
  /** Rule ids whose findings show the item is not met. */
  readonly rules: readonly string[];
}

export const CHECKLIST_SECTIONS: readonly ChecklistSection[] = ['Strategic Design', 'Implementation', 'Tool Configuration', 'Code Quality', 'Testing'];

export const CHECKLIST_ITEMS: readonly ChecklistItem[] = [
  // Strategic Design
  { section: 'Strategic Design', text: 'Tools enable complete workflows, not just API endpoint wrappers', rules: [] },
  {
    section: 'Strategic Design',
    text: 'Tool names reflect natural task subdivisions',
    rules: ['tool-name-verb', 'tool-name-service-prefix', 'tool-name-unique'],
  },
  {
    section: 'Strategic Design',
    text: 'Response formats optimize for agent context efficiency',
    rules: ['response-format-offered', 'tool-surface-budget'],
  },
  { section: 'Strategic Design', text: 'Human-readable identifiers used where appropriate', rules: [] },
  {
    section: 'Strategic Design',
    text: 'Error messages guide agents toward correct usage',
    rules: ['tool-errors-are-results'],
  },

  // Implementation (general "Implementation" + language guide "Implementation Quality")
  { section: 'Implementation', text: 'Focused implementation: most important and valuable tools implemented', rules: [] },
  {
    section: 'Implementation',
    text: 'All tools have descriptive names and documentation',
    rules: [
      'tool-name-format',
      'tool-name-snake-case',
      'tool-name-portable',
      'tool-title-present',
      'tool-description-present',
      'tool-description-length',
      'tool-description-quality',
      'tool-description-unique',
      'prompt-description-present',
      'resource-metadata',
    ],
  },
  { section: 'Implementation', text: 'Return types are consistent across similar operations (consistent response formats)', rules: [] },
  {
    section: 'Implementation',
    text: 'Error handling is implemented for all external calls',
    rules: ['source-handler-throws'],
  },
  { section: 'Implementation', text: 'Server name follows format: {service}_mcp', rules: ['server-name-convention'] },
  {
    section: 'Implementation',
    text: 'Error messages are clear, actionable, and educational',
    rules: ['error-text-hygiene', 'tool-errors-are-results'],
  },
  {
    section: 'Implementation',
    text: 'Outputs are properly validated and formatted',
    // Not output-schema-valid: a valid declared schema says nothing about the outputs themselves.
    rules: ['structured-output-conforms'],
  },

  // Tool Configuration
  {
    section: 'Tool Configuration',
    text: "All tools implement 'name' and 'annotations' in their registration",
    rules: ['tool-annotations-present', 'list-entries-valid'],
  },
  {
    section: 'Tool Configuration',
    text: 'Annotations correctly set (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)',
    rules: ['tool-annotations-present', 'tool-annotations-complete', 'tool-annotations-consistent'],
  },
  {
    section: 'Tool Configuration',
    text: 'Input validation with Pydantic/Zod models (no manual validation needed)',
    rules: ['input-schema-valid', 'input-schema-strict', 'input-schema-required-exist', 'source-loose-zod'],
  },
  {
    section: 'Tool Configuration',
    text: 'All fields have explicit types and descriptions with constraints',
    rules: ['input-schema-typed', 'parameter-description-present', 'input-schema-bounded', 'input-schema-closed-sets'],
  },
  {
    section: 'Tool Configuration',
    text: 'All tools have comprehensive docstrings with explicit input/output types',
    rules: ['tool-description-quality'],
  },
  { section: 'Tool Configuration', text: 'Docstrings include complete schema structure for dict/JSON returns', rules: [] },

  // Code Quality
  { section: 'Code Quality', text: 'Common functionality extracted into reusable functions (DRY)', rules: [] },
  { section: 'Code Quality', text: 'Async/await for all I/O', rules: [] },
  { section: 'Code Quality', text: 'Type hints/strict TypeScript throughout', rules: [] },
  {
    section: 'Code Quality',
    text: 'Pagination is properly implemented where applicable',
    rules: ['list-pagination', 'list-tools-paginated', 'pagination-metadata'],
  },
  {
    section: 'Code Quality',
    text: 'Large responses check CHARACTER_LIMIT and truncate with clear messages',
    rules: ['response-size-limit', 'source-no-response-limit'],
  },
  { section: 'Code Quality', text: 'Filtering options are provided for potentially large result sets', rules: [] },
  { section: 'Code Quality', text: 'Constants are defined at module level in UPPER_CASE', rules: [] },

  // Testing
  { section: 'Testing', text: 'Build completes successfully', rules: [] },
  {
    section: 'Testing',
    text: 'Server runs successfully',
    rules: ['handshake', 'initialize-result-schema', 'stdout-pollution', 'advertised-lists-work', 'source-stdout-write'],
  },
  {
    section: 'Testing',
    text: 'Sample tool calls work as expected',
    // Probe rules only: listing tools is not calling them.
    rules: ['structured-output-conforms', 'response-size-limit', 'tool-call-responds', 'pagination-metadata'],
  },
  {
    section: 'Testing',
    text: 'Error scenarios handled gracefully',
    rules: ['invalid-arguments-rejected', 'tool-errors-are-results', 'source-handler-throws'],
  },
  { section: 'Testing', text: 'Evaluations created and passing', rules: [] },
];
