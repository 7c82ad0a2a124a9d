// Writes the tables of docs/local-service.md from the local service's declarations (src/service:
// routes, error catalogue, limits). The tables are made by test/helpers/serviceSurface.ts (loaded
// through tsx), which the surface test uses too, as scripts/l10n-export.mjs reads l10nSources.ts.
//   node scripts/gen-service-surface.mjs           write the tables
//   node scripts/gen-service-surface.mjs --check   exit 1, naming the file, if a table is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const { ROOT, SERVICE_DOC, generatedDoc } = await tsImport('../test/helpers/serviceSurface.ts', import.meta.url);
const file = join(ROOT, SERVICE_DOC);
const current = readFileSync(file, 'utf8');
const next = await generatedDoc(current);
if (process.argv.includes('--check')) {
  if (current !== next) {
    console.error(
      `${SERVICE_DOC} is out of date: its tables of endpoints, status codes or limits differ from src/service ` +
        '(routeTable.ts, openapi.ts, serviceErrors.ts, limits.ts). Run `npm run gen:service-surface`.',
    );
    process.exit(1);
  }
  console.log(`${SERVICE_DOC}: the service's tables are up to date.`);
} else {
  writeFileSync(file, next);
  console.log(`${SERVICE_DOC}: wrote the tables of endpoints, status codes, limit flags and limits`);
}
