// One activation sample (run by activation.ts in a fresh, plain Node process): prints
// {requireMs, activateMs, stage, fullMs}. tsx is registered only to load the TypeScript stub and
// is gone before the bundle loads, so the bundles are parsed exactly as VS Code's Node would.
// requireMs + activateMs: the bootstrap (dist/extension.js) as a JSON file that is not a report
// activates it; fullMs: then loading the full part (dist/studio.js) through the API, as a
// report, a command or a restored panel would.
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { register } = require('tsx/cjs/api');

async function main() {
  const file = process.argv[2];
  const unregister = register();
  const { createVscodeStub, installVscodeStub, stubContext } = require('../../test/helpers/vscodeStub.ts');
  unregister();
  installVscodeStub(createVscodeStub());
  const { context, subscriptions } = stubContext(path.dirname(path.dirname(file)));
  const t0 = performance.now();
  const extension = require(file);
  const t1 = performance.now();
  const api = extension.activate(context);
  const t2 = performance.now();
  const stage = api.activation.stage;
  void api.resultPanels;
  const t3 = performance.now();
  for (const s of subscriptions) s.dispose?.();
  await extension.deactivate();
  console.log(JSON.stringify({ requireMs: t1 - t0, activateMs: t2 - t1, stage, fullMs: t3 - t2 }));
  process.exit(0);
}

void main();
