/**
 * The language-model tools the extension contributes (package.json
 * `contributes.languageModelTools`), by the agent tool each one runs (src/core/agent/).
 * Part of the bootstrap: it registers them before the rest of the extension loads.
 */
import type { AgentToolName } from '../../core/agent/toolSpecs';

export const LM_TOOLS = {
  validate: 'reportStudio_validate',
  render: 'reportStudio_render',
  component_docs: 'reportStudio_componentDocs',
  preview: 'reportStudio_preview',
  build: 'reportStudio_build',
  quota: 'reportStudio_quota',
} as const satisfies Partial<Record<AgentToolName, string>>;

export type LmToolKind = keyof typeof LM_TOOLS;

/** Offered in a trusted workspace only (package.json `when: isWorkspaceTrusted` too): it spends quota and writes a file. */
export const TRUSTED_ONLY: ReadonlySet<LmToolKind> = new Set(['build']);
