/**
 * The extension host running the extension: Node (`main`, dist/extension.js) or the web worker
 * (`browser`, dist/web/extension.js). A leaf module: the loader, the studio and the services
 * all name it.
 */
export type ExtensionHostKind = 'node' | 'web';
