/**
 * Entry of dist/agentTools.js: the agent tools' logic (src/core/agent/: validation with quick
 * fixes, the catalogue's docs, the tool runner), required by the language-model tools on their
 * first call, so none of it is in dist/studio.js. No 'vscode' here: a plain core bundle.
 */
export { runAgentTool, errorResult } from '../../core/agent/agentTools';
export { AgentInputError } from '../../core/agent/toolArgs';
export { agentProblems } from '../../core/agent/agentProblems';
