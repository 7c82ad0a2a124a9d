// One activation sample (run by activation.ts in a fresh, plain Node process): prints
// {requireMs, activateMs}. tsx is registered only to load the TypeScript stub and is gone
// before the bundle loads, so the bundle is parsed exactly as VS Code's Node would.
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
  extension.activate(context);
  const t2 = performance.now();
  for (const s of subscriptions) s.dispose?.();
  await extension.deactivate();
  console.log(JSON.stringify({ requireMs: t1 - t0, activateMs: t2 - t1 }));
  process.exit(0);
}

void main();
