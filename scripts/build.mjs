// Bundles the extension, the local service and the CLI with esbuild.
//   node scripts/build.mjs [--production] [--quiet] [--watch]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const quiet = args.has('--quiet');

/** Each bundle: entry → dist file. `vscode` is provided by the host. */
const bundles = [
  { entry: 'src/extension/extension.ts', out: 'dist/extension.js' },
  { entry: 'src/mock/main.ts', out: 'dist/mock-server.js', banner: '#!/usr/bin/env node' },
  { entry: 'src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
];

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: quiet ? 'error' : 'info',
  absWorkingDir: root,
};

mkdirSync(join(root, 'dist'), { recursive: true });
const results = await Promise.all(
  bundles
    .filter((b) => existsSync(join(root, b.entry)))
    .map((b) =>
      esbuild.build({
        ...common,
        entryPoints: [b.entry],
        outfile: b.out,
        banner: b.banner ? { js: b.banner } : undefined,
        metafile: true,
      }),
    ),
);
if (!quiet) console.log(`built ${results.length} bundle(s)${production ? ' (production)' : ''}`);
