// Writes l10n/bundle.l10n.json: every message passed to l10n.t in src/extension and src/webview,
// in source order, English → English (the file translators start from). @vscode/l10n-dev is
// not a dependency: the messages are read with the TypeScript compiler API
// (test/helpers/l10nSources.ts, which the l10n test uses too).
//   node scripts/l10n-export.mjs           write the file
//   node scripts/l10n-export.mjs --check   exit 1 if the committed file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const { ROOT, collectMessages } = await tsImport('../test/helpers/l10nSources.ts', import.meta.url);
const { messages, problems } = collectMessages();
if (problems.length) {
  for (const p of problems) console.error(`${p.where}: l10n.t needs a string literal as its message, not ${p.text}`);
  process.exit(1);
}
const file = `${ROOT}/l10n/bundle.l10n.json`;
const text = `${JSON.stringify(Object.fromEntries([...messages.keys()].map((m) => [m, m])), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(file, 'utf8');
  if (current !== text) {
    console.error('l10n/bundle.l10n.json is out of date: run node scripts/l10n-export.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`l10n/bundle.l10n.json: ${messages.size} messages`);
}
