// ESLint (flat config): typescript-eslint's recommended rules, Prettier's formatting left to
// Prettier, and the layer boundaries of docs/architecture.md ("Rooms") as import rules, so a
// wrong-direction import is an error in `npm run lint` as well as in `npm run typecheck`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';

/** Relative-import patterns that reach each room from anywhere below src/. */
const room = (name) => [`**/${name}/**`, `**/${name}`].flatMap((p) => [`../${p}`, `../../${p}`, `../../../${p}`]);
const NODE_BUILTINS = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'child_process', 'worker_threads'];

/** One block per room: what it may not import, and why. */
function boundary(files, forbidden, extraPaths = []) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only src/extension/ imports vscode (docs/architecture.md, Rooms).' }, ...extraPaths],
          patterns: forbidden.map(([rooms, message]) => ({ group: rooms.flatMap(room), message })),
        },
      ],
    },
  };
}

const UP = 'Arrows point downwards (docs/architecture.md, Rooms):';

/** What no module of the extension imports (src/extension/web/ may add the browser engine of src/web). */
const EXTENSION_PATTERNS = [
  { group: ['render', 'net'].flatMap(room), message: 'The extension never imports the renderer or the fetch policy.' },
  {
    group: ['mock', 'cli'].flatMap(room),
    message: 'The local service and the CLI reach the extension only through the lazily loaded bundle: import type only.',
    allowTypeImports: true,
  },
];
const WEB_NO_NODE = 'src/web runs in a browser: no Node modules (src/web/shims/ holds their browser stand-ins).';

export default tseslint.config(
  {
    ignores: ['dist/**', 'out/**', 'media/**', '.vscode-test/**', 'node_modules/**', 'test/fixtures/**', 'test/golden/**', '.bench/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc (noUnusedLocals/Parameters) already reports these, with the same precision.
      '@typescript-eslint/no-unused-vars': 'off',
      'no-undef': 'off',
      // `import x = require('…')` is TypeScript's typed CommonJS import; plain require() stays flagged.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  {
    // A module of src/ never reaches itself through its imports (move the shared piece down or
    // invert the dependency). This rule skips type-only imports; test/unit/health/importCycles.test.ts
    // checks those too. Only src/: the tests and scripts are leaves, and every file walked costs lint time.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Tests walk free-form report JSON and patch modules; `any` is the honest type there.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // CommonJS tooling files.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // The catalogue is pure data below every room: it imports only itself.
    files: ['src/catalogue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only src/extension/ imports vscode.' }],
          patterns: [
            {
              group: ['core', 'extension', 'mock', 'render', 'net', 'cli', 'webview'].flatMap(room),
              message: `${UP} src/catalogue is the bottom room: it imports only itself.`,
            },
            { group: [...NODE_BUILTINS, 'undici', 'prettier'], message: 'src/catalogue is pure data: no I/O and no packages.' },
          ],
        },
      ],
    },
  },
  boundary(
    ['src/core/**/*.ts'],
    [[['extension', 'mock', 'render', 'net', 'cli', 'webview'], `${UP} src/core imports only src/core, src/catalogue and schemas/.`]],
  ),
  {
    // Core outside client/ is pure: it runs anywhere (extension host, CLI, service) with no I/O.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'Only src/extension/ imports vscode.' },
            { name: 'undici', message: 'Network I/O lives in src/core/client/.' },
          ],
          patterns: [
            {
              group: ['extension', 'mock', 'render', 'net', 'cli', 'webview'].flatMap(room),
              message: `${UP} src/core imports only src/core, src/catalogue and schemas/.`,
            },
            {
              group: NODE_BUILTINS,
              message: 'src/core outside client/ is pure: no Node I/O (pass data in, or move the I/O to the caller).',
            },
          ],
        },
      ],
    },
  },
  boundary(['src/net/**/*.ts'], [[['extension', 'mock', 'render', 'cli', 'webview'], `${UP} src/net imports only src/core.`]]),
  boundary(['src/render/**/*.ts'], [[['extension', 'mock', 'cli', 'webview'], `${UP} src/render imports src/core and src/net only.`]]),
  boundary(['src/mock/**/*.ts'], [[['extension', 'cli', 'webview'], `${UP} src/mock imports src/core, src/net and src/render.`]]),
  {
    // The browser build (src/web/): runs in a browser or VS Code's web worker extension host, so no
    // Node module; it stands in for the Node-only parts of the renderer (scripts/web-build.mjs).
    files: ['src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // By name, not as patterns: the pattern `net` would match the src/net room too.
          paths: [
            { name: 'vscode', message: 'Only src/extension/ imports vscode.' },
            ...NODE_BUILTINS.filter((n) => !n.includes('*')).map((name) => ({ name, message: WEB_NO_NODE })),
          ],
          patterns: [
            { group: ['extension', 'cli', 'webview'].flatMap(room), message: `${UP} src/web imports src/core, src/net and src/render.` },
            { group: ['node:*'], message: WEB_NO_NODE },
          ],
        },
      ],
    },
  },
  {
    // The CLI starts fast without the local service: only cli/localService.ts imports it (and the
    // renderer), and engineLoader.ts requires that file lazily (dist/engine.js in the bundle).
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only src/extension/ imports vscode.' }],
          patterns: [
            { group: ['extension', 'webview'].flatMap(room), message: `${UP} src/cli imports src/core.` },
            {
              group: ['mock', 'render'].flatMap(room),
              message:
                'src/cli reaches the local service only through cli/localService.ts, loaded lazily by engineLoader.ts: import type here.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  boundary(['src/cli/localService.ts'], [[['extension', 'webview'], `${UP} src/cli imports src/core and, here only, the local service.`]]),
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only src/extension/ imports vscode.' }],
          patterns: [
            {
              group: ['extension', 'mock', 'render', 'net', 'cli'].flatMap(room),
              message: `${UP} the webview imports its own files and core types.`,
            },
            { group: NODE_BUILTINS, message: 'The webview runs in a browser: no Node modules.' },
            { group: room('core'), message: 'The webview may import core types only (import type).', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The extension reaches the client, the local service and the renderer only through the
    // lazily loaded engine bundle: static imports of them must be type-only.
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...EXTENSION_PATTERNS,
            {
              group: room('web'),
              message: 'Only the web entry (src/extension/web/) bundles the browser engine of src/web: import type only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The web entry and the twins it swaps in (dist/web/extension.js, VS Code's web worker
    // extension host): the browser engine statically, and no Node module.
    files: ['src/extension/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...EXTENSION_PATTERNS, { group: NODE_BUILTINS, message: 'The web entry runs in a web worker: no Node modules.' }] },
      ],
    },
  },
);
