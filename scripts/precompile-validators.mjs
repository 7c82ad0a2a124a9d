// The report validators precompiled at build time: an esbuild plugin that puts ajv's standalone
// code for the bundled schema's two modes (src/core/schema/standaloneValidators.ts) in every
// bundle in place of src/core/schema/precompiledValidators.ts, so the CLI, the local service and
// the extension (desktop and web) never compile the schema at run time (about a second of CPU).
//
// Generated at every build, never committed: the code is ~1 MB of ajv output that follows the
// schema, ajv and the set-up in reportAjv.ts; made from them here, it cannot be out of step.
// Generating takes about two CPU-seconds, so the module is kept in dist/.precompiled/, named by
// a hash of what it is made from (the generator bundled with ajv, and the schema's text).
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STUB = 'src/core/schema/precompiledValidators.ts';
const GENERATOR = 'src/core/schema/standaloneValidators.ts';
const SCHEMA = 'schemas/report.schema.json';
const CACHE = 'dist/.precompiled';

const generated = new Map();

/** The module's code for the schema and generator under `root` (once per process and root). */
export function precompiledValidatorsCode(root) {
  if (!generated.has(root)) generated.set(root, generate(root));
  return generated.get(root);
}

async function generate(root) {
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
  const key = createHash('sha256').update(generator).update('\0').update(schemaText).digest('hex').slice(0, 16);
  const dir = join(root, CACHE);
  const file = join(dir, `validators-${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Not made yet (or removed by a build of another schema meanwhile): made now.
  }
  const module = { exports: {} };
  new Function('module', 'exports', 'require', generator)(module, module.exports, createRequire(join(root, GENERATOR)));
  const code = module.exports.precompiledValidatorsModule(JSON.parse(schemaText));
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (join(dir, old) !== file) rmSync(join(dir, old), { force: true });
  // Whole or not at all: two builds may run at once (the integration stage packages while it tests).
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, code);
  renameSync(temp, file);
  return code;
}

/** The esbuild plugin: the stub module's contents become the generated module. */
export function precompiledValidatorsPlugin(root) {
  const stub = join(root, STUB);
  return {
    name: 'precompiled-validators',
    setup(build) {
      build.onLoad({ filter: /[\\/]precompiledValidators\.ts$/ }, async (a) =>
        a.path === stub ? { contents: await precompiledValidatorsCode(root), loader: 'js', resolveDir: join(root, 'src/core/schema') } : undefined,
      );
    },
  };
}
