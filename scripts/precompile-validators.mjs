// The report validators precompiled at build time: an esbuild plugin that puts ajv's standalone
// code for the bundled schema's two modes (src/core/schema/standaloneValidators.ts) in every
// bundle in place of src/core/schema/precompiledValidators.ts, so the CLI, the local service and
// the extension (desktop and web) never compile the schema at run time (about a second of CPU).
//
// Generated at every build, never committed: the code is ~1 MB of ajv output that follows the
// schema, ajv and the set-up in reportAjv.ts; made from them here, it cannot be out of step.
// Generating takes about two CPU-seconds, so the module is kept in dist/.precompiled/, named by
// its modes and a hash of what it is made from (the generator bundled with ajv, the schema's text).
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STUB = 'src/core/schema/precompiledValidators.ts';
const GENERATOR = 'src/core/schema/standaloneValidators.ts';
const SCHEMA = 'schemas/report.schema.json';
const CACHE = 'dist/.precompiled';

/** Both modes: the CLI, the local service and the desktop extension check with both. */
const BOTH = ['strict', 'lenient'];

const generated = new Map();

/** The module's code for `modes` of the schema under `root`, with its generator (once per process). */
export function precompiledValidatorsCode(root, modes = BOTH) {
  const key = `${root}\0${modes.join()}`;
  if (!generated.has(key)) generated.set(key, generate(root, modes));
  return generated.get(key);
}

async function generate(root, modes) {
  const bundle = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [GENERATOR],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    logLevel: 'error',
  });
  const generator = bundle.outputFiles[0].text;
  const schemaText = readFileSync(join(root, SCHEMA), 'utf8');
  const key = createHash('sha256').update(generator).update('\0').update(schemaText).update(`\0${modes.join()}`).digest('hex').slice(0, 16);
  const dir = join(root, CACHE);
  const prefix = `validators-${modes.join('-')}-`;
  const file = join(dir, `${prefix}${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Not made yet (or removed by a build of another schema meanwhile): made now.
  }
  const module = { exports: {} };
  new Function('module', 'exports', 'require', generator)(module, module.exports, createRequire(join(root, GENERATOR)));
  const code = module.exports.precompiledValidatorsModule(JSON.parse(schemaText), modes);
  mkdirSync(dir, { recursive: true });
  // What an older schema or generator left for these modes.
  for (const old of readdirSync(dir))
    if (old.startsWith(prefix) && old.endsWith('.js') && join(dir, old) !== file) rmSync(join(dir, old), { force: true });
  // Whole or not at all: two builds may run at once (the integration stage packages while it tests).
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, code);
  renameSync(temp, file);
  return code;
}

/**
 * The esbuild plugin: the stub module's contents become the generated module, for `modes` (the
 * browser bundles take the lenient one only: scripts/web-build.mjs).
 */
export function precompiledValidatorsPlugin(root, { modes = BOTH } = {}) {
  const stub = join(root, STUB);
  return {
    name: 'precompiled-validators',
    setup(build) {
      build.onLoad({ filter: /[\\/]precompiledValidators\.ts$/ }, async (a) =>
        a.path === stub
          ? { contents: await precompiledValidatorsCode(root, modes), loader: 'js', resolveDir: join(root, 'src/core/schema') }
          : undefined,
      );
    },
  };
}
