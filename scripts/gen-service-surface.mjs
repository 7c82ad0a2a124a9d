// Writes the tables of docs/local-service.md from the local service's declarations (src/service:
// routes, error catalogue, limits; TypeScript, loaded through tsx; the work is in
// test/helpers/serviceSurface.ts, which the surface test uses too).
//   node scripts/gen-service-surface.mjs           write the tables
//   node scripts/gen-service-surface.mjs --check   exit 1, naming the file, if a table is out of date
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../test/helpers/serviceSurface.ts', import.meta.url);
await main(new Set(process.argv.slice(2)));
