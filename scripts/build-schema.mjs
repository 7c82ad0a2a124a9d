// Generates schemas/report.schema.json from the catalogue in scripts/schema/.
//   node scripts/build-schema.mjs           write the file
//   node scripts/build-schema.mjs --check   exit 1 if the committed file is out of date
//   node scripts/build-schema.mjs --stdout  print the generated schema
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReportSchema } from './schema/assemble.mjs';
import { COMPONENT_TYPES_FILE, componentTypesSource } from './schema/componentTypes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(root, 'schemas', 'report.schema.json');
const args = new Set(process.argv.slice(2));

const schema = buildReportSchema();
const text = `${JSON.stringify(schema, null, 2)}\n`;
const typesFile = join(root, COMPONENT_TYPES_FILE);
const typesText = await componentTypesSource(schema, root);

if (args.has('--stdout')) {
  process.stdout.write(text);
} else if (args.has('--check')) {
  const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
  const currentTypes = existsSync(typesFile) ? readFileSync(typesFile, 'utf8') : '';
  if (current !== text || currentTypes !== typesText) {
    console.error(`schemas/report.schema.json or ${COMPONENT_TYPES_FILE} is out of date: run \`npm run build:schema\`.`);
    process.exit(1);
  }
  console.log(`schemas/report.schema.json and ${COMPONENT_TYPES_FILE} are up to date.`);
} else {
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, text);
  writeFileSync(typesFile, typesText);
  console.log(`wrote schemas/report.schema.json (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB) and ${COMPONENT_TYPES_FILE}`);
}
