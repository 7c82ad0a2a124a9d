// esbuild plugin for the bundles that import 'vscode' (the extension's): one copy of the API
// module per bundle instead of one per importing module. esbuild turns every
// `import * as vscode from 'vscode'` of the external CommonJS module into
// `__toESM(require('vscode'))`, a fresh object with a getter for each of the API's ~280
// properties — 46 of them in dist/studio.js, about a third of the time requiring it takes.
// Here 'vscode' resolves to one module that re-exports the real one, so the copy is made once.
export const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};
