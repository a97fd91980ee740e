/**
 * The rule registry: an explicit, alphabetically sorted list (no file-system discovery), so the
 * set of rules is visible in one place and a test can check it against rules/*.md and fixtures.
 */
import type { Rule } from '../src/engine/rule.js';
import advertisedListsWork from './advertised-lists-work.js';
import capabilitiesMatch from './capabilities-match.js';
import configInlineSecret from './config-inline-secret.js';
import configNpxUnpinned from './config-npx-unpinned.js';
import configPlainHttp from './config-plain-http.js';
import configUnknownKey from './config-unknown-key.js';
import contentDataMatchesMime from './content-data-matches-mime.js';
import declaredCapabilitiesWork from './declared-capabilities-work.js';
import discoverResultSchema from './discover-result-schema.js';
import encodedPayload from './encoded-payload.js';
import errorTextHygiene from './error-text-hygiene.js';
import evaluationPresent from './evaluation-present.js';
import handshake from './handshake.js';
import hiddenInstructions from './hidden-instructions.js';
import httpContentType from './http-content-type.js';
import httpCrossOrigin from './http-cross-origin.js';
import httpGetStream from './http-get-stream.js';
import httpNotificationAccepted from './http-notification-accepted.js';
import httpOriginValidated from './http-origin-validated.js';
import httpProtocolVersionRejected from './http-protocol-version-rejected.js';
import httpResumeOwnStream from './http-resume-own-stream.js';
import httpSessionIdChars from './http-session-id-chars.js';
import httpSessionNotFound from './http-session-not-found.js';
import httpSsePriming from './http-sse-priming.js';
import httpSseRetry from './http-sse-retry.js';
import iconSrcSafe from './icon-src-safe.js';
import initializeResultSchema from './initialize-result-schema.js';
import inputRequiredPlacement from './input-required-placement.js';
import inputSchemaBounded from './input-schema-bounded.js';
import inputSchemaClosedSets from './input-schema-closed-sets.js';
import inputSchemaRequiredExist from './input-schema-required-exist.js';
import inputSchemaStrict from './input-schema-strict.js';
import inputSchemaTyped from './input-schema-typed.js';
import inputSchemaValid from './input-schema-valid.js';
import invalidArgumentsRejected from './invalid-arguments-rejected.js';
import invalidCursorError from './invalid-cursor-error.js';
import invisibleUnicode from './invisible-unicode.js';
import jsonrpcResponseValid from './jsonrpc-response-valid.js';
import listCacheHints from './list-cache-hints.js';
import listChangedDeclared from './list-changed-declared.js';
import listEntriesValid from './list-entries-valid.js';
import listPagination from './list-pagination.js';
import listToolsPaginated from './list-tools-paginated.js';
import listsComplete from './lists-complete.js';
import logLevelRespected from './log-level-respected.js';
import manifestBundleEntryPoint from './manifest-bundle-entry-point.js';
import manifestCompatibilityRange from './manifest-compatibility-range.js';
import manifestDrift from './manifest-drift.js';
import manifestEnvVars from './manifest-env-vars.js';
import manifestOwnership from './manifest-ownership.js';
import manifestRegistryName from './manifest-registry-name.js';
import manifestRemoteHttps from './manifest-remote-https.js';
import manifestSchemaValid from './manifest-schema-valid.js';
import manifestUserConfig from './manifest-user-config.js';
import manifestVersionExact from './manifest-version-exact.js';
import noServerRequests from './no-server-requests.js';
import notificationSchemaValid from './notification-schema-valid.js';
import orphanedProcesses from './orphaned-processes.js';
import outputFlood from './output-flood.js';
import outputSchemaValid from './output-schema-valid.js';
import packedPackageFiles from './packed-package-files.js';
import paginationMetadata from './pagination-metadata.js';
import parameterDescriptionPresent from './parameter-description-present.js';
import pingResponds from './ping-responds.js';
import preInitializeMessages from './pre-initialize-messages.js';
import progressTokensValid from './progress-tokens-valid.js';
import promptDescriptionPresent from './prompt-description-present.js';
import protocolVersionCurrent from './protocol-version-current.js';
import readContentsUri from './read-contents-uri.js';
import requestStateVerified from './request-state-verified.js';
import resourceLinkTarget from './resource-link-target.js';
import resourceMetadata from './resource-metadata.js';
import resourceUpdatedSubscribed from './resource-updated-subscribed.js';
import responseFormatOffered from './response-format-offered.js';
import responseIdEcho from './response-id-echo.js';
import responseSizeLimit from './response-size-limit.js';
import resultSchemaValid from './result-schema-valid.js';
import resultTypePresent from './result-type-present.js';
import schemaDepthLimit from './schema-depth-limit.js';
import secretsInSurface from './secrets-in-surface.js';
import serverNameConvention from './server-name-convention.js';
import slowShutdown from './slow-shutdown.js';
import sourceHandlerThrows from './source-handler-throws.js';
import sourceLooseZod from './source-loose-zod.js';
import sourceNoResponseLimit from './source-no-response-limit.js';
import sourceStdoutWrite from './source-stdout-write.js';
import sourceSyncNetworkCall from './source-sync-network-call.js';
import stdoutPollution from './stdout-pollution.js';
import structuredOutputConforms from './structured-output-conforms.js';
import toolAnnotationsComplete from './tool-annotations-complete.js';
import toolAnnotationsConsistent from './tool-annotations-consistent.js';
import toolAnnotationsPresent from './tool-annotations-present.js';
import toolCallResponds from './tool-call-responds.js';
import toolDescriptionLength from './tool-description-length.js';
import toolDescriptionPresent from './tool-description-present.js';
import toolDescriptionQuality from './tool-description-quality.js';
import toolDescriptionUnique from './tool-description-unique.js';
import toolErrorsAreResults from './tool-errors-are-results.js';
import toolNameCollision from './tool-name-collision.js';
import toolNameFormat from './tool-name-format.js';
import toolNamePortable from './tool-name-portable.js';
import toolNameServicePrefix from './tool-name-service-prefix.js';
import toolNameSnakeCase from './tool-name-snake-case.js';
import toolNameUnique from './tool-name-unique.js';
import toolNameVerb from './tool-name-verb.js';
import toolSurfaceBudget from './tool-surface-budget.js';
import toolTitlePresent from './tool-title-present.js';
import undeclaredServerRequests from './undeclared-server-requests.js';
import unknownMethodError from './unknown-method-error.js';
import unknownResourceError from './unknown-resource-error.js';
import unknownToolError from './unknown-tool-error.js';
import unknownToolProtocolError from './unknown-tool-protocol-error.js';
import versionNegotiation from './version-negotiation.js';
import versionNegotiationRefusal from './version-negotiation-refusal.js';

export const rules: readonly Rule[] = [
  advertisedListsWork,
  capabilitiesMatch,
  configInlineSecret,
  configNpxUnpinned,
  configPlainHttp,
  configUnknownKey,
  contentDataMatchesMime,
  declaredCapabilitiesWork,
  discoverResultSchema,
  encodedPayload,
  errorTextHygiene,
  evaluationPresent,
  handshake,
  hiddenInstructions,
  httpContentType,
  httpCrossOrigin,
  httpGetStream,
  httpNotificationAccepted,
  httpOriginValidated,
  httpProtocolVersionRejected,
  httpResumeOwnStream,
  httpSessionIdChars,
  httpSessionNotFound,
  httpSsePriming,
  httpSseRetry,
  iconSrcSafe,
  initializeResultSchema,
  inputRequiredPlacement,
  inputSchemaBounded,
  inputSchemaClosedSets,
  inputSchemaRequiredExist,
  inputSchemaStrict,
  inputSchemaTyped,
  inputSchemaValid,
  invalidArgumentsRejected,
  invalidCursorError,
  invisibleUnicode,
  jsonrpcResponseValid,
  listCacheHints,
  listChangedDeclared,
  listEntriesValid,
  listPagination,
  listToolsPaginated,
  listsComplete,
  logLevelRespected,
  manifestBundleEntryPoint,
  manifestCompatibilityRange,
  manifestDrift,
  manifestEnvVars,
  manifestOwnership,
  manifestRegistryName,
  manifestRemoteHttps,
  manifestSchemaValid,
  manifestUserConfig,
  manifestVersionExact,
  noServerRequests,
  notificationSchemaValid,
  orphanedProcesses,
  outputFlood,
  outputSchemaValid,
  packedPackageFiles,
  paginationMetadata,
  parameterDescriptionPresent,
  pingResponds,
  preInitializeMessages,
  progressTokensValid,
  promptDescriptionPresent,
  protocolVersionCurrent,
  readContentsUri,
  requestStateVerified,
  resourceLinkTarget,
  resourceMetadata,
  resourceUpdatedSubscribed,
  responseFormatOffered,
  responseIdEcho,
  responseSizeLimit,
  resultSchemaValid,
  resultTypePresent,
  schemaDepthLimit,
  secretsInSurface,
  serverNameConvention,
  slowShutdown,
  sourceHandlerThrows,
  sourceLooseZod,
  sourceNoResponseLimit,
  sourceStdoutWrite,
  sourceSyncNetworkCall,
  stdoutPollution,
  structuredOutputConforms,
  toolAnnotationsComplete,
  toolAnnotationsConsistent,
  toolAnnotationsPresent,
  toolCallResponds,
  toolDescriptionLength,
  toolDescriptionPresent,
  toolDescriptionQuality,
  toolDescriptionUnique,
  toolErrorsAreResults,
  toolNameCollision,
  toolNameFormat,
  toolNamePortable,
  toolNameServicePrefix,
  toolNameSnakeCase,
  toolNameUnique,
  toolNameVerb,
  toolSurfaceBudget,
  toolTitlePresent,
  undeclaredServerRequests,
  unknownMethodError,
  unknownResourceError,
  unknownToolError,
  unknownToolProtocolError,
  versionNegotiation,
  versionNegotiationRefusal,
];
