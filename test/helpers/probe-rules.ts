/** The probe rules, importable whether or not the registry lists them yet. */
import type { Rule } from '../../src/engine/rule.js';
import { rules as registered } from '../../rules/index.js';
import capabilitiesMatch from '../../rules/capabilities-match.js';
import errorTextHygiene from '../../rules/error-text-hygiene.js';
import invalidArgumentsRejected from '../../rules/invalid-arguments-rejected.js';
import invalidCursorError from '../../rules/invalid-cursor-error.js';
import paginationMetadata from '../../rules/pagination-metadata.js';
import pingResponds from '../../rules/ping-responds.js';
import preInitializeMessages from '../../rules/pre-initialize-messages.js';
import responseIdEcho from '../../rules/response-id-echo.js';
import responseSizeLimit from '../../rules/response-size-limit.js';
import structuredOutputConforms from '../../rules/structured-output-conforms.js';
import toolCallResponds from '../../rules/tool-call-responds.js';
import toolErrorsAreResults from '../../rules/tool-errors-are-results.js';
import undeclaredServerRequests from '../../rules/undeclared-server-requests.js';
import unknownMethodError from '../../rules/unknown-method-error.js';
import unknownToolError from '../../rules/unknown-tool-error.js';
import unknownToolProtocolError from '../../rules/unknown-tool-protocol-error.js';
import versionNegotiation from '../../rules/version-negotiation.js';
import versionNegotiationRefusal from '../../rules/version-negotiation-refusal.js';

export const PROBE_RULES: readonly Rule[] = [
  capabilitiesMatch,
  errorTextHygiene,
  invalidArgumentsRejected,
  invalidCursorError,
  paginationMetadata,
  pingResponds,
  preInitializeMessages,
  responseIdEcho,
  responseSizeLimit,
  structuredOutputConforms,
  toolCallResponds,
  toolErrorsAreResults,
  undeclaredServerRequests,
  unknownMethodError,
  unknownToolError,
  unknownToolProtocolError,
  versionNegotiation,
  versionNegotiationRefusal,
];

/** Every rule: the registry plus the probe rules it does not list yet. */
export const ALL_RULES: readonly Rule[] = [...registered, ...PROBE_RULES.filter((r) => !registered.some((x) => x.id === r.id))];
