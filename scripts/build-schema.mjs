// Generates schemas/report.schema.json and src/core/report/componentTypes.generated.ts from
// the catalogue in src/catalogue/ (TypeScript, loaded through tsx; the work is in build-schema.ts).
//   node scripts/build-schema.mjs           write the files
//   node scripts/build-schema.mjs --check   exit 1 if a committed file is out of date
//   node scripts/build-schema.mjs --stdout  print the generated schema
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('./build-schema.ts', import.meta.url);
await main(new Set(process.argv.slice(2)));
