import type { Node } from 'ts-morph';
import type { SourceIndex } from '../../model/source-index.js';

/**
 * A tool's own code, as the registrations found it: what the throwing-handler and loose-zod
 * detectors look into. A low-level CallTool handler serves every tool (its branches tell which).
 */
export type ToolCode =
  | {
      readonly style: 'registerTool' | 'tool';
      /** The registered name, when it resolves. */
      readonly tool: string | undefined;
      readonly inputSchema: Node | undefined;
      readonly handler: Node | undefined;
    }
  | { readonly style: 'CallToolRequestSchema'; readonly handler: Node };

/** What the registration collector produces, in the order the calls appear. */
export interface RegistrationFindings {
  readonly registrations: SourceIndex['registrations'][number][];
  readonly unresolved: SourceIndex['unresolved'][number][];
  readonly toolCode: ToolCode[];
}
