// Where the extension runs, as the manifest declares it: on the workspace's machine (remote:
// SSH, WSL, containers, Codespaces), in virtual workspaces with the disk-bound parts off
// (tasks), in Restricted Mode with what could be abused limited (settingsScope.test.ts).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
  extensionKind?: string[];
  capabilities?: Record<string, { supported: boolean | string; description?: string }>;
  contributes: { taskDefinitions: Array<{ type: string; when?: string }> };
};

describe('package: where the extension runs', () => {
  it('runs in the workspace extension host (the local service, results and tasks live with the files)', () => {
    assert.deepEqual(manifest.extensionKind, ['workspace']);
  });

  it('declares virtual workspaces and Restricted Mode as limited, each with a reason', () => {
    for (const name of ['virtualWorkspaces', 'untrustedWorkspaces']) {
      const capability = manifest.capabilities?.[name];
      assert.equal(capability?.supported, 'limited', name);
      assert.ok((capability?.description ?? '').length > 40, `${name} says what is limited`);
    }
  });

  it('offers its tasks only where the files are on disk', () => {
    assert.deepEqual(
      manifest.contributes.taskDefinitions.map((t) => [t.type, t.when]),
      [['report-studio', '!virtualWorkspace']],
    );
  });
});
