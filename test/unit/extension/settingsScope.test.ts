// Settings by folder and by trust: a multi-root workspace's report reads its own folder's
// settings; an untrusted workspace's values of the restricted settings are ignored (the user's
// own count); preview on save never runs untrusted; new reports go to the active report's folder.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createVscodeStub, installVscodeStub, TestUri } from '../../helpers/vscodeStub';

type ConfigModule = typeof import('../../../src/extension/service/serviceConfig');
type UntitledModule = typeof import('../../../src/extension/untitledReportUri');
type OnSaveModule = typeof import('../../../src/extension/submit/previewOnSave');

interface Layer {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};

describe('extension: settings by folder and by trust', () => {
  let config: ConfigModule;
  let untitled: UntitledModule;
  let onSave: OnSaveModule;
  let uninstall: () => void;
  const workspace: Record<string, unknown> = {};
  const window: Record<string, unknown> = {};
  /** Per folder path ('' = no scope): each key's values by level. */
  let layers: Record<string, Record<string, Layer>> = {};
  const scopesAsked: Array<string | undefined> = [];

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.workspace = workspace;
    v.window = window;
    v.Uri = TestUri;
    Object.assign(workspace, {
      isTrusted: true,
      workspaceFolders: [],
      textDocuments: [],
      fs: { stat: async () => Promise.reject(new Error('ENOENT')) },
      getWorkspaceFolder: (uri: TestUri) =>
        (workspace.workspaceFolders as Array<{ uri: TestUri }>).find((f) => uri.path.startsWith(`${f.uri.path}/`)),
      getConfiguration: (_section: string, scope?: TestUri) => {
        scopesAsked.push(scope?.path);
        const folder = scope ? Object.keys(layers).find((f) => f && scope.path.startsWith(`${f}/`)) : undefined;
        const values = layers[folder ?? ''] ?? {};
        const inspect = (key: string) => ({ key, defaultValue: undefined, ...values[key] });
        return {
          inspect,
          get: (key: string) => {
            const l = values[key] ?? {};
            return l.workspaceFolderValue ?? l.workspaceValue ?? l.globalValue;
          },
        };
      },
    });
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    config = require('../../../src/extension/service/serviceConfig');
    untitled = require('../../../src/extension/untitledReportUri');
    onSave = require('../../../src/extension/submit/previewOnSave');
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  after(() => uninstall());
  beforeEach(() => {
    workspace.isTrusted = true;
    layers = {};
    scopesAsked.length = 0;
    window.activeTextEditor = undefined;
  });

  it("reads a report's settings for its own folder of a multi-root workspace", () => {
    layers = {
      '/ws/a': { livePreview: { workspaceFolderValue: 'off' }, 'export.build': { workspaceFolderValue: false } },
      '/ws/b': { livePreview: { workspaceFolderValue: 'onSave' }, 'export.build': { workspaceFolderValue: true } },
    };
    const b = config.readSettings(TestUri.file('/ws/b/q3.report.json') as never);
    assert.equal(b.livePreview, 'onSave');
    assert.equal(b.export.build, true);
    assert.equal(config.readSettings(TestUri.file('/ws/a/q3.report.json') as never).livePreview, 'off');
    // Folder settings for the report; the window's for no resource (null), so VS Code warns of neither.
    assert.deepEqual(scopesAsked, ['/ws/b/q3.report.json', undefined, '/ws/a/q3.report.json', undefined]);
  });

  it('ignores workspace and folder values of the restricted settings while the workspace is untrusted', () => {
    layers = {
      '': {
        service: { globalValue: 'local', workspaceValue: 'hosted' },
        'export.folder': { workspaceValue: '/etc' },
        'export.build': { globalValue: false, workspaceFolderValue: true },
        confirmBeforeBuild: { workspaceValue: false },
        previewOnSave: { workspaceValue: 'onSave' },
        livePreview: { globalValue: 'onType', workspaceValue: 'onSave' },
      },
    };
    workspace.isTrusted = false;
    const untrusted = config.readSettings();
    assert.equal(untrusted.service, 'local');
    assert.equal(untrusted.export.folder, '');
    assert.equal(untrusted.export.build, false);
    assert.equal(untrusted.confirmBeforeBuild, true);
    assert.equal(untrusted.previewOnSave, 'off');
    // Not restricted: a workspace's choice of when the local live view redraws is harmless.
    assert.equal(untrusted.livePreview, 'onSave');
    // Granting trust turns the workspace's values on at the next read, without a reload.
    workspace.isTrusted = true;
    const trusted = config.readSettings();
    assert.equal(trusted.service, 'hosted');
    assert.equal(trusted.export.folder, '/etc');
    assert.equal(trusted.export.build, true);
  });

  it('restricts in code exactly the settings package.json declares restricted, and scopes folder settings by resource', () => {
    const declared = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(
      declared,
      config.RESTRICTED_SETTINGS.map((k) => `${config.SECTION}.${k}`),
    );
    const props = manifest.contributes.configuration.properties;
    for (const key of declared) assert.ok(props[key], `${key} is a contributed setting`);
    assert.deepEqual(
      Object.keys(props).filter((k) => props[k].scope === 'resource'),
      config.FOLDER_SETTINGS.map((k) => `${config.SECTION}.${k}`),
      'the settings read for the report are the resource-scoped ones',
    );
    for (const key of ['localService.port', 'localService.dataDir', 'customBaseUrl'])
      assert.equal(props[`reportStudio.${key}`].scope, 'machine', key);
  });

  it('never previews on save in an untrusted workspace, even with the user setting on', async () => {
    let listener: ((d: unknown) => void) | undefined;
    workspace.onDidSaveTextDocument = (l: (d: unknown) => void) => ((listener = l), { dispose() {} });
    layers = { '': { previewOnSave: { globalValue: 'onSave' } } };
    const submitted: string[] = [];
    const submissions = { submit: async (d: { uri: TestUri }) => void submitted.push(d.uri.path) };
    const log = { error: () => undefined, debug: () => undefined };
    onSave.registerPreviewOnSave(submissions as never, log as never);
    const report = { uri: TestUri.file('/ws/a/q3.report.json'), languageId: 'json', fileName: '/ws/a/q3.report.json', getText: () => '{}' };
    workspace.isTrusted = false;
    listener?.(report);
    assert.deepEqual(submitted, []);
    workspace.isTrusted = true;
    listener?.(report);
    assert.deepEqual(submitted, ['/ws/a/q3.report.json']);
  });

  it("puts a new report in the active report's folder, not the first workspace folder", async () => {
    workspace.workspaceFolders = [{ uri: TestUri.file('/ws/a') }, { uri: TestUri.file('/ws/b') }];
    window.activeTextEditor = { document: { uri: TestUri.file('/ws/b/reports/q3.report.json') } };
    assert.equal((await untitled.untitledReportUri('new.report.json')).toString(), 'untitled:/ws/b/reports/new.report.json');
    // From an unsaved report: the folder it will be saved to.
    window.activeTextEditor = { document: { uri: new TestUri('/ws/b/new.report.json', 'untitled') } };
    assert.equal((await untitled.untitledReportUri('sales.report.json')).toString(), 'untitled:/ws/b/sales.report.json');
    window.activeTextEditor = undefined;
    assert.equal((await untitled.untitledReportUri('new.report.json')).toString(), 'untitled:/ws/a/new.report.json');
  });
});
