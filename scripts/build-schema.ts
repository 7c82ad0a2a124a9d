// Generates schemas/report.schema.json, schemas/report.editor.schema.json (what VS Code's JSON
// service reads: scripts/schema/editorSchema.ts) and src/core/report/componentTypes.generated.ts
// from the catalogue in src/catalogue/ (run through tsx by scripts/build-schema.mjs):
//   node scripts/build-schema.mjs           write the files
//   node scripts/build-schema.mjs --check   exit 1 if a committed file is out of date
//   node scripts/build-schema.mjs --stdout  print the generated schema
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildReportSchema } from './schema/assemble';
import { COMPONENT_TYPES_FILE, componentTypesSource } from './schema/componentTypes';
import { tablerIconDefinition } from './schema/icons';
import { EDITOR_SCHEMA_FILE, editorSchema } from './schema/editorSchema';

const root = join(__dirname, '..');

/** Every generated file: path (from the root) → its text now. */
export async function generatedFiles(): Promise<Map<string, string>> {
  const schema = buildReportSchema(tablerIconDefinition());
  return new Map([
    ['schemas/report.schema.json', `${JSON.stringify(schema, null, 2)}\n`],
    [EDITOR_SCHEMA_FILE, `${JSON.stringify(editorSchema(schema), null, 2)}\n`],
    [COMPONENT_TYPES_FILE, await componentTypesSource(root)],
  ]);
}

export async function main(args: ReadonlySet<string>): Promise<void> {
  const files = await generatedFiles();
  if (args.has('--stdout')) {
    process.stdout.write(files.get('schemas/report.schema.json')!);
    return;
  }
  if (args.has('--check')) {
    const stale = [...files].filter(([path, text]) => {
      const file = join(root, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== text;
    });
    if (stale.length) {
      console.error(`${stale.map(([path]) => path).join(' and ')} out of date: run \`npm run build:schema\`.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${[...files.keys()].join(' and ')} are up to date.`);
    return;
  }
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const kb = (Buffer.byteLength(files.get('schemas/report.schema.json')!) / 1024).toFixed(0);
  console.log(`wrote schemas/report.schema.json (${kb} KB), ${EDITOR_SCHEMA_FILE} and ${COMPONENT_TYPES_FILE}`);
}
