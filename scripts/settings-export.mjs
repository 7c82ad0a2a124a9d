// Writes what the settings table (src/extension/service/settingsTable.ts) makes: package.json's
// `contributes.configuration` and `restrictedConfigurations`, and the settings table of
// docs/extension.md (test/helpers/settingsManifest.ts; test/unit/extension/settingsTable.test.ts
// checks the same).
//   node scripts/settings-export.mjs           write the files
//   node scripts/settings-export.mjs --check   exit 1 if a committed file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const m = await tsImport('../test/helpers/settingsManifest.ts', import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, make] of [
  [m.PACKAGE_JSON, m.packageJsonText],
  [m.EXTENSION_DOC, m.extensionDocText],
]) {
  const current = readFileSync(file, 'utf8');
  const text = await make(current);
  if (text === current) continue;
  const name = relative(ROOT, file);
  if (check) {
    console.error(`${name} is out of date: run node scripts/settings-export.mjs`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`${name}: settings written`);
  }
}
process.exit(stale ? 1 : 0);
