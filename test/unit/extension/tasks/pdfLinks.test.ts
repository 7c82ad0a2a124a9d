/**
 * The PDF paths a task prints (`examples/sales.pdf  (3 pages, …)`) become terminal links that
 * open the file in the PDF viewer; a path that names no file is no link.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createVscodeStub, installVscodeStub, TestUri } from '../../../helpers/vscodeStub';

interface Link {
  startIndex: number;
  length: number;
  tooltip?: string;
  file: TestUri;
}
interface Provider {
  provideTerminalLinks(context: { line: string }): Promise<Link[]>;
  handleTerminalLink(link: Link): Promise<void>;
}

describe('extension: PDF paths in terminals', () => {
  let uninstall: () => void;
  let provider: Provider | undefined;
  const executed: unknown[][] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-links-'));
  let mod: typeof import('../../../../src/extension/tasks/pdfLinks');

  before(() => {
    fs.mkdirSync(path.join(dir, 'examples'));
    fs.writeFileSync(path.join(dir, 'examples', 'sales.pdf'), '%PDF-1.3');
    const stub = createVscodeStub();
    const v = stub.module as Record<string, unknown>;
    v.Uri = TestUri;
    v.workspace = { workspaceFolders: [{ uri: TestUri.file(dir) }] };
    v.window = {
      registerTerminalLinkProvider: (p: Provider) => {
        provider = p;
        return { dispose: () => undefined };
      },
    };
    v.commands = { executeCommand: async (...args: unknown[]) => void executed.push(args) };
    uninstall = installVscodeStub(stub);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the vscode stub is in place
    mod = require('../../../../src/extension/tasks/pdfLinks');
  });
  after(() => {
    uninstall();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('links the PDF a build task printed, relative to the workspace folder, and opens it in the PDF viewer', async () => {
    mod.registerPdfLinks();
    assert.ok(provider);
    const line = 'examples/sales.pdf  (3 pages, 41 KB, 0.4 s)';
    const links = await provider.provideTerminalLinks({ line });
    assert.deepEqual(
      links.map((l) => [line.slice(l.startIndex, l.startIndex + l.length), l.file.fsPath, l.tooltip]),
      [['examples/sales.pdf', path.join(dir, 'examples', 'sales.pdf'), 'Open in the PDF viewer']],
    );
    await provider.handleTerminalLink(links[0]);
    assert.deepEqual(executed, [['vscode.openWith', links[0].file, 'reportStudio.pdf', {}]]);
  });

  it('makes no link of a PDF path that names no file, nor of other paths', async () => {
    assert.ok(provider);
    assert.deepEqual(await provider.provideTerminalLinks({ line: 'examples/missing.pdf  (1 page)' }), []);
    assert.deepEqual(await provider.provideTerminalLinks({ line: 'examples/sales.report.json: 2 problems' }), []);
    const absolute = path.join(dir, 'examples', 'sales.pdf');
    assert.equal((await provider.provideTerminalLinks({ line: `wrote ${absolute}` }))[0]?.file.fsPath, absolute);
  });
});
