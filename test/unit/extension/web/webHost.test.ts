// The extension in the web worker extension host (its `browser` entry): the local service host
// hands the browser service the renderer's files from the extension's own dist/ and names no
// data folder (there is none); the commands that need the Node host say so when run anyway.
import { strict as assert } from 'node:assert';
import { createVscodeStub, installVscodeStub, TestEventEmitter, TestUri } from '../../../helpers/vscodeStub';

type HostModule = typeof import('../../../../src/extension/service/localServiceHost');
type Loader = typeof import('../../../../src/extension/service/runtimeLoader');
type WebNodeHost = typeof import('../../../../src/extension/web/nodeHost');
type CommandIds = typeof import('../../../../src/extension/commands/commandIds');

describe('extension: the web worker extension host', () => {
  let hostModule: HostModule;
  let loader: Loader;
  let webNodeHost: WebNodeHost;
  let ids: CommandIds;
  let uninstall: () => void;
  const read: string[] = [];
  const messages: string[] = [];
  let start: (o: { assets?: (name: string) => Promise<Uint8Array> }) => Promise<unknown>;

  before(() => {
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.Uri = TestUri;
    v.EventEmitter = TestEventEmitter;
    v.workspace = {
      isTrusted: true,
      getConfiguration: () => ({ get: () => undefined, inspect: () => undefined }),
      fs: { readFile: async (uri: TestUri) => (read.push(uri.toString()), new Uint8Array([1, 2, 3])) },
    };
    v.window = { showInformationMessage: async (m: string) => void messages.push(m) };
    v.l10n = { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) };
    uninstall = installVscodeStub(stub);
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place */
    hostModule = require('../../../../src/extension/service/localServiceHost');
    loader = require('../../../../src/extension/service/runtimeLoader');
    webNodeHost = require('../../../../src/extension/web/nodeHost');
    ids = require('../../../../src/extension/commands/commandIds');
    /* eslint-enable @typescript-eslint/no-require-imports */
    loader.provideEngine({ startLocalService: (o: never) => start(o) } as never);
  });
  after(() => {
    loader.provideEngine(undefined);
    uninstall();
  });

  function newHost(kind: 'node' | 'web') {
    const log = {
      service: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      addSecret: () => undefined,
      removeSecret: () => undefined,
    };
    const context = {
      extensionPath: '/ext',
      extensionUri: TestUri.file('/ext'),
      globalStorageUri: TestUri.parse('vscode-userdata:/User/globalStorage/report-studio.report-studio'),
      globalState: { get: () => true, update: async () => undefined },
    };
    return new hostModule.LocalServiceHost(context as never, log as never, kind);
  }

  it("hands the local service the renderer's files, read from the extension's own dist/ through vscode.workspace.fs", async () => {
    let assets: ((name: string) => Promise<Uint8Array>) | undefined;
    start = async (o) => {
      assets = o.assets;
      throw new Error('stop here');
    };
    await assert.rejects(newHost('web').ensureStarted({ announce: false }));
    assert.ok(assets, 'options.assets is passed');
    assert.deepEqual([...(await assets('pdfium.wasm'))], [1, 2, 3]);
    await assets('fonts/inter/Inter-Regular.ttf');
    assert.deepEqual(read, ['file:///ext/dist/pdfium.wasm', 'file:///ext/dist/fonts/inter/Inter-Regular.ttf']);
  });

  it('a failed start names the data folder only where there is one (not in the web worker host)', async () => {
    start = async () => {
      throw new Error('the renderer files could not be read');
    };
    await assert.rejects(newHost('web').ensureStarted({ announce: false }), {
      message: 'The local service did not start: the renderer files could not be read',
    });
    await assert.rejects(
      newHost('node').ensureStarted({ announce: false }),
      /^ServiceSetupError: The local service did not start \(data folder /,
    );
  });

  it('Open Report Externally and Compare with… say that they need VS Code on the desktop', async () => {
    const commands = webNodeHost.nodeHostCommands({} as never);
    assert.deepEqual(
      commands.map((c) => c.id),
      [...ids.NODE_HOST_COMMANDS],
    );
    messages.length = 0;
    for (const c of commands) c.run({} as never);
    assert.deepEqual(messages, [
      'Open Report Externally needs VS Code on the desktop (or a remote with a Node extension host): it is not available in VS Code for the Web.',
      'Compare with… (git and the visual diff) needs VS Code on the desktop (or a remote with a Node extension host): it is not available in VS Code for the Web.',
    ]);
    const tasks = webNodeHost.nodeHostTasks({} as never, {} as never, {});
    assert.deepEqual(await tasks.tasks.provideTasks({} as never), []);
  });
});
