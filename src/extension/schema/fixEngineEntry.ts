/**
 * Entry of dist/fixEngine.js: the quick-fix engine (src/core/fixes), the schema index and its
 * ajv validators. The extension requires it on the first code action that has a diagnostic to
 * fix (schemaProvider.ts), so neither ajv nor the fix logic is in dist/extension.js.
 * No 'vscode' here: this is a plain core bundle.
 */
export * from '../../core/fixes';
export { SchemaIndex } from '../../core/schema/schemaIndex';
export { reportProblems } from '../../core/schema/reportProblems';
