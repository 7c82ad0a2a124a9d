/**
 * The contract between the extension (panel owner) and the result viewer webview, gathered in
 * one import: every message both ways (protocolToViewer.ts, protocolToHost.ts) and the state
 * persisted through `vscode.setState` (protocolState.ts) are typed there, so the extension side
 * and the browser side cannot drift apart.
 *
 * Browser-safe: no 'vscode', no Node imports (type-only imports are erased).
 */
export * from './protocolToViewer';
export * from './protocolToHost';
export * from './protocolState';
