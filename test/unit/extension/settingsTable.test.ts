// The settings table (src/extension/service/settingsTable.ts) is the one declaration of each
// setting: package.json and docs/extension.md are made from it (node scripts/settings-export.mjs),
// readSettings() takes its defaults and bounds from it, and a number a description states in
// any language is one of the table's.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXTENSION_DOC,
  extensionDocText,
  manifestProperty,
  PACKAGE_JSON,
  packageJsonText,
  restrictedConfigurations,
} from '../../helpers/settingsManifest';
import { declOf, descriptionKey, SECTION, SETTING_KEYS, SETTINGS } from '../../../src/extension/service/settingsTable';
import { createVscodeStub, installVscodeStub } from '../../helpers/vscodeStub';

type ConfigModule = typeof import('../../../src/extension/service/serviceConfig');

const ROOT = join(__dirname, '..', '..', '..');
const RUN = 'run node scripts/settings-export.mjs';

interface Manifest {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
}

/** Each difference between package.json's settings and the table's, as `key: field …`. */
function manifestDifferences(manifest: Manifest): string[] {
  const declared = manifest.contributes.configuration.properties;
  const made = Object.fromEntries(SETTING_KEYS.map((k) => [`${SECTION}.${k}`, manifestProperty(k)]));
  const out: string[] = [];
  for (const key of new Set([...Object.keys(declared), ...Object.keys(made)])) {
    if (!made[key]) out.push(`${key}: in package.json, not in the settings table`);
    else if (!declared[key]) out.push(`${key}: in the settings table, not in package.json`);
    else {
      for (const field of new Set([...Object.keys(declared[key]), ...Object.keys(made[key])])) {
        const [has, should] = [JSON.stringify(declared[key][field]), JSON.stringify(made[key][field])];
        if (has !== should)
          out.push(`${key}: ${field} is ${has ?? 'missing'} in package.json, ${should ?? 'missing'} in the settings table`);
      }
    }
  }
  const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
  if (JSON.stringify(restricted) !== JSON.stringify(restrictedConfigurations())) {
    out.push(
      `restrictedConfigurations is ${JSON.stringify(restricted)}, the table's restricted settings ${JSON.stringify(restrictedConfigurations())}`,
    );
  }
  return out;
}

/** The numbers a description states (not in a URL, an address, `/api/v1` or a `#setting#` link). */
function statedNumbers(text: string): number[] {
  const plain = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\d+(?:\.\d+){3}/g, '')
    .replace(/#[\w.]+#/g, '');
  return [...plain.matchAll(/(?<![\w.])\d+(?:[.,]\d+)?(?![\w])/g)].map((m) => Number(m[0].replace(',', '.')));
}

const NLS_FILES = ['package.nls.json', 'package.nls.de.json', 'package.nls.zh-cn.json'];

describe('extension: the settings table', () => {
  it('is what package.json declares, field by field (' + RUN + ')', async () => {
    const text = readFileSync(PACKAGE_JSON, 'utf8');
    assert.deepEqual(manifestDifferences(JSON.parse(text) as Manifest), []);
    assert.equal(await packageJsonText(text), text, `package.json is out of date: ${RUN}`);
  });

  it('names the setting and the field where package.json differs', () => {
    const manifest = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as Manifest;
    const props = manifest.contributes.configuration.properties;
    props['reportStudio.polling.maxIntervalMs'].default = 700;
    delete props['reportStudio.previewSync'];
    props['reportStudio.handWritten'] = { type: 'boolean' };
    manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.pop();
    const found = manifestDifferences(manifest);
    assert.ok(
      found.includes('reportStudio.polling.maxIntervalMs: default is 700 in package.json, 750 in the settings table'),
      found.join('\n'),
    );
    assert.ok(found.includes('reportStudio.previewSync: in the settings table, not in package.json'));
    assert.ok(found.includes('reportStudio.handWritten: in package.json, not in the settings table'));
    assert.ok(found.some((f) => f.startsWith('restrictedConfigurations is')));
  });

  it("makes docs/extension.md's settings table (" + RUN + ')', async () => {
    const text = readFileSync(EXTENSION_DOC, 'utf8');
    assert.equal(await extensionDocText(text), text, `docs/extension.md's settings table is out of date: ${RUN}`);
  });

  it('states in each language only numbers the table holds (its default, bounds and listed numbers)', () => {
    const wrong: string[] = [];
    for (const file of NLS_FILES) {
      const nls = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>;
      for (const key of SETTING_KEYS) {
        const d = declOf(key);
        const allowed = new Set<number>([...(d.descriptionNumbers ?? [])]);
        if (typeof d.default === 'number') allowed.add(d.default);
        if ('minimum' in d) [d.minimum, d.maximum].forEach((n) => allowed.add(n));
        const texts = [descriptionKey(key), ...('enum' in d ? d.enum.map((v) => descriptionKey(key, v)) : [])];
        for (const k of texts) {
          for (const n of statedNumbers(nls[k] ?? ''))
            if (!allowed.has(n)) wrong.push(`${file} ${k}: ${n} is not one of ${[...allowed].join(', ') || 'no number'}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
    // What it skips and what it finds.
    assert.deepEqual(statedNumbers('`http://127.0.0.1:8787/api/v1` at `#reportStudio.polling.maxIntervalMs#`'), []);
    assert.deepEqual(statedNumbers('Der Standardwert 750 ist … 1,5 s; 默认值 100 列'), [750, 1.5, 100]);
  });

  describe('readSettings()', () => {
    let config: ConfigModule;
    let uninstall: () => void;
    let values: Record<string, unknown> = {};

    before(() => {
      const stub = createVscodeStub();
      (stub.module as Record<string, unknown>).workspace = {
        isTrusted: true,
        getConfiguration: () => ({ get: (key: string) => values[key], inspect: () => undefined }),
      };
      uninstall = installVscodeStub(stub);
      config = require('../../../src/extension/service/serviceConfig'); // eslint-disable-line @typescript-eslint/no-require-imports -- after the vscode stub
    });
    after(() => uninstall());

    /** readSetting()'s value of each setting, by its key. */
    const read = () => Object.fromEntries(SETTING_KEYS.map((k) => [k, config.readSetting(k)]));

    it("gives each setting the table's default when it is unset or of the wrong type", () => {
      const defaults = Object.fromEntries(SETTING_KEYS.map((k) => [k, declOf(k).default]));
      values = {};
      assert.deepEqual(read(), defaults);
      values = Object.fromEntries(SETTING_KEYS.map((k) => [k, declOf(k).type === 'string' ? 7 : 'seven']));
      assert.deepEqual(read(), defaults);
    });

    it("clamps each number to the table's bounds, and readSettings() reads through the same table", () => {
      const numbers = SETTING_KEYS.filter((k) => 'minimum' in declOf(k));
      values = Object.fromEntries(numbers.map((k) => [k, -1e9]));
      const low = read();
      const lowSettings = config.readSettings();
      values = Object.fromEntries(numbers.map((k) => [k, 1e9]));
      const high = read();
      const highSettings = config.readSettings();
      for (const k of numbers) {
        const d = declOf(k) as { minimum: number; maximum: number };
        assert.equal(low[k], d.minimum, `${k} below its minimum`);
        assert.equal(high[k], d.maximum, `${k} above its maximum`);
      }
      const quota = SETTINGS['quota.refreshIntervalMinutes'];
      assert.deepEqual(
        [lowSettings.quotaRefreshMinutes, highSettings.quotaRefreshMinutes, lowSettings.requestTimeoutMs, highSettings.localService.port],
        [quota.minimum, quota.maximum, SETTINGS.requestTimeoutSeconds.minimum * 1000, SETTINGS['localService.port'].maximum],
      );
      values = {};
      const unset = config.readSettings();
      assert.deepEqual(
        [unset.polling, unset.livePreview, unset.previewSync, unset.export.folder],
        [
          { initialDelayMs: SETTINGS['polling.initialDelayMs'].default, maxIntervalMs: SETTINGS['polling.maxIntervalMs'].default },
          SETTINGS.livePreview.default,
          SETTINGS.previewSync.default,
          SETTINGS['export.folder'].default,
        ],
      );
    });
  });
});
