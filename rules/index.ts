/**
 * The rule registry: an explicit, alphabetically sorted list (no file-system discovery), so the
 * set of rules is visible in one place and a test can check it against rules/*.md and fixtures.
 */
import type { Rule } from '../src/engine/rule.js';
import advertisedListsWork from './advertised-lists-work.js';
import handshake from './handshake.js';
import initializeResultSchema from './initialize-result-schema.js';
import inputSchemaBounded from './input-schema-bounded.js';
import inputSchemaClosedSets from './input-schema-closed-sets.js';
import inputSchemaRequiredExist from './input-schema-required-exist.js';
import inputSchemaStrict from './input-schema-strict.js';
import inputSchemaTyped from './input-schema-typed.js';
import inputSchemaValid from './input-schema-valid.js';
import listEntriesValid from './list-entries-valid.js';
import listPagination from './list-pagination.js';
import listToolsPaginated from './list-tools-paginated.js';
import outputSchemaValid from './output-schema-valid.js';
import parameterDescriptionPresent from './parameter-description-present.js';
import promptDescriptionPresent from './prompt-description-present.js';
import resourceMetadata from './resource-metadata.js';
import responseFormatOffered from './response-format-offered.js';
import serverNameConvention from './server-name-convention.js';
import stdoutPollution from './stdout-pollution.js';
import toolAnnotationsComplete from './tool-annotations-complete.js';
import toolAnnotationsConsistent from './tool-annotations-consistent.js';
import toolAnnotationsPresent from './tool-annotations-present.js';
import toolDescriptionLength from './tool-description-length.js';
import toolDescriptionPresent from './tool-description-present.js';
import toolDescriptionQuality from './tool-description-quality.js';
import toolDescriptionUnique from './tool-description-unique.js';
import toolNameFormat from './tool-name-format.js';
import toolNamePortable from './tool-name-portable.js';
import toolNameServicePrefix from './tool-name-service-prefix.js';
import toolNameSnakeCase from './tool-name-snake-case.js';
import toolNameUnique from './tool-name-unique.js';
import toolNameVerb from './tool-name-verb.js';
import toolSurfaceBudget from './tool-surface-budget.js';
import toolTitlePresent from './tool-title-present.js';

export const rules: readonly Rule[] = [
  advertisedListsWork,
  handshake,
  initializeResultSchema,
  inputSchemaBounded,
  inputSchemaClosedSets,
  inputSchemaRequiredExist,
  inputSchemaStrict,
  inputSchemaTyped,
  inputSchemaValid,
  listEntriesValid,
  listPagination,
  listToolsPaginated,
  outputSchemaValid,
  parameterDescriptionPresent,
  promptDescriptionPresent,
  resourceMetadata,
  responseFormatOffered,
  serverNameConvention,
  stdoutPollution,
  toolAnnotationsComplete,
  toolAnnotationsConsistent,
  toolAnnotationsPresent,
  toolDescriptionLength,
  toolDescriptionPresent,
  toolDescriptionQuality,
  toolDescriptionUnique,
  toolNameFormat,
  toolNamePortable,
  toolNameServicePrefix,
  toolNameSnakeCase,
  toolNameUnique,
  toolNameVerb,
  toolSurfaceBudget,
  toolTitlePresent,
];
