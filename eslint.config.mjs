// ESLint (flat config): typescript-eslint's recommended rules, Prettier's formatting left to
// Prettier, and the layer boundaries of docs/architecture.md ("Rooms") as import rules, so a
// wrong-direction import is an error in `npm run lint` as well as in `npm run typecheck`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The rooms and what each may import, read from the one declaration tsc keeps: the project
 * references of src/<room>/tsconfig.json. A room may import itself and what it references;
 * an import of any other room fails here as it fails `tsc -b` (TS6307), so a new room or a new
 * reference needs no edit in this file. test/unit/health/roomRules.test.ts probes every pair.
 */
const SRC = new URL('./src/', import.meta.url);
const ROOMS = Object.fromEntries(
  readdirSync(SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/tsconfig.json`, SRC)))
    .map((d) => {
      const config = JSON.parse(readFileSync(new URL(`${d.name}/tsconfig.json`, SRC), 'utf8'));
      return [d.name, (config.references ?? []).map((r) => r.path.replace(/^\.\.\//, ''))];
    }),
);

/**
 * Relative-import patterns that reach room `name` from a file `depth` folders below src/
 * (a module directly in src/core/ is depth 1). Exact per depth, so a room's own subfolder of the same name
 * (src/extension/service/) is not mistaken for the room (src/service/).
 */
const room = (name, depth) => [`${'../'.repeat(depth)}${name}`, `${'../'.repeat(depth)}${name}/**`];
/** The deepest folder below src/ that holds a module (a deeper one fails the config, not silently passes). */
const MAX_DEPTH = 4;
const tooDeep = readdirSync(SRC, { recursive: true }).find((f) => String(f).split('/').length > MAX_DEPTH + 1);
if (tooDeep) throw new Error(`eslint.config.mjs: src/${tooDeep} is deeper than MAX_DEPTH (${MAX_DEPTH}): raise it`);
/** `files` split by depth: a glob ending in `/**` + `/*.ts` gives one glob per depth below its folder; a plain path keeps its own. */
function byDepth(files) {
  const out = new Map();
  for (const glob of files) {
    const deep = glob.match(/^(src\/.+\/)\*\*\/\*\.ts$/);
    const base = deep ? deep[1].split('/').length - 2 : glob.split('/').length - 2;
    for (let d = base; d <= (deep ? MAX_DEPTH : base); d++) {
      const g = deep ? `${deep[1]}${'*/'.repeat(d - base)}*.ts` : glob;
      out.set(d, [...(out.get(d) ?? []), g]);
    }
  }
  return out;
}
const NODE_BUILTINS = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'child_process', 'worker_threads'];
const UP = 'Arrows point downwards (docs/architecture.md, Rooms):';
const VSCODE = { name: 'vscode', message: 'Only src/extension/ imports vscode (docs/architecture.md, Rooms).' };

/**
 * The one `no-restricted-imports` of `files` in room `name` (a later block for the same files
 * replaces an earlier one whole, so each block says everything): the rooms it does not
 * reference; `typeOnly`, rooms it references for their types only (their code comes in a
 * lazily loaded bundle); `paths` and `patterns`, what else the room may not import.
 */
function roomRule(name, files, { ignores, typeOnly = [], paths = [], patterns = [] } = {}) {
  const allowed = ROOMS[name];
  if (!allowed) throw new Error(`eslint.config.mjs: src/${name} is not a room (no src/${name}/tsconfig.json)`);
  const refused = Object.keys(ROOMS).filter((r) => r !== name && !allowed.includes(r));
  const reach = allowed.length ? allowed.map((r) => `src/${r}`).join(', ') : 'nothing outside itself';
  return [...byDepth(files)].map(([depth, depthFiles]) => ({
    files: depthFiles,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...(name === 'extension' ? [] : [VSCODE]), ...paths],
          patterns: [
            ...(refused.length ? [{ group: refused.flatMap((r) => room(r, depth)), message: `${UP} src/${name} imports ${reach}.` }] : []),
            ...typeOnly.map(([rooms, message]) => ({ group: rooms.flatMap((r) => room(r, depth)), message, allowTypeImports: true })),
            ...patterns,
          ],
        },
      ],
    },
  }));
}

const WEB_NO_NODE = 'src/web runs in a browser: no Node modules (src/web/shims/ holds their browser stand-ins).';

/** What the extension imports for types only (src/extension/web/ may add the browser engine of src/web). */
const EXTENSION_TYPE_ONLY = [
  [['service', 'cli'], 'The local service and the CLI reach the extension only through the lazily loaded bundle: import type only.'],
];

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
  // Import cycles are not ESLint's: test/unit/health/importCycles.test.ts finds every cycle of
  // src/ (type-only imports, re-exports, require() and import() included), where import-x/no-cycle
  // saw value imports only and took 60 % of the lint stage's time.
  // Tests walk free-form report JSON and patch modules; `any` is the honest type there.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // CommonJS tooling files.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // The rooms (docs/architecture.md, Rooms): what each does not reference is refused by roomRule.
  ...roomRule('catalogue', ['src/catalogue/**/*.ts'], {
    patterns: [{ group: [...NODE_BUILTINS, 'undici', 'prettier'], message: 'src/catalogue is pure data: no I/O and no packages.' }],
  }),
  // The HTTP client is core's one door to the network.
  ...roomRule('core', ['src/core/client/**/*.ts']),
  // Core outside client/ is pure: it runs anywhere (extension host, CLI, service) with no I/O.
  ...roomRule('core', ['src/core/**/*.ts'], {
    ignores: ['src/core/client/**'],
    paths: [{ name: 'undici', message: 'Network I/O lives in src/core/client/.' }],
    patterns: [
      { group: NODE_BUILTINS, message: 'src/core outside client/ is pure: no Node I/O (pass data in, or move the I/O to the caller).' },
    ],
  }),
  ...roomRule('net', ['src/net/**/*.ts']),
  ...roomRule('render', ['src/render/**/*.ts']),
  ...roomRule('service', ['src/service/**/*.ts']),
  // The browser build (src/web/): runs in a browser or VS Code's web worker extension host, so no
  // Node module; it stands in for the Node-only parts of the renderer (scripts/web-build.mjs).
  ...roomRule('web', ['src/web/**/*.ts'], {
    // By name, not as patterns: the pattern `net` would match the src/net room too.
    paths: NODE_BUILTINS.filter((n) => !n.includes('*')).map((name) => ({ name, message: WEB_NO_NODE })),
    patterns: [{ group: ['node:*'], message: WEB_NO_NODE }],
  }),
  // The CLI starts fast without the local service: only cli/localService.ts imports it (and the
  // renderer), and engineLoader.ts requires that file lazily (dist/engine.js in the bundle).
  ...roomRule('cli', ['src/cli/**/*.ts'], {
    ignores: ['src/cli/localService.ts'],
    typeOnly: [
      [
        ['service', 'render'],
        'src/cli reaches the local service only through cli/localService.ts, loaded lazily by engineLoader.ts: import type here.',
      ],
    ],
  }),
  ...roomRule('cli', ['src/cli/localService.ts']),
  ...roomRule('webview', ['src/webview/**/*.ts'], {
    typeOnly: [[['core'], 'The webview may import core types only (import type).']],
    patterns: [{ group: NODE_BUILTINS, message: 'The webview runs in a browser: no Node modules.' }],
  }),
  // The extension reaches the client, the local service and the renderer only through the
  // lazily loaded engine bundle: static imports of them must be type-only.
  ...roomRule('extension', ['src/extension/**/*.ts'], {
    ignores: ['src/extension/web/**'],
    typeOnly: [
      ...EXTENSION_TYPE_ONLY,
      [['web'], 'Only the web entry (src/extension/web/) bundles the browser engine of src/web: import type only.'],
    ],
  }),
  // The web entry and the twins it swaps in (dist/web/extension.js, VS Code's web worker
  // extension host): the browser engine statically, and no Node module.
  ...roomRule('extension', ['src/extension/web/**/*.ts'], {
    typeOnly: EXTENSION_TYPE_ONLY,
    patterns: [{ group: NODE_BUILTINS, message: 'The web entry runs in a web worker: no Node modules.' }],
  }),
);
