// Where the extension runs, as the manifest declares it: on the workspace's machine (remote:
// SSH, WSL, containers, Codespaces), in virtual workspaces with the disk-bound parts off
// (tasks offer nothing there), in Restricted Mode with what could be abused limited (settingsScope.test.ts).
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

  it('declares its task type without a when clause, which would load the full extension at startup', () => {
    // VS Code asks the task provider of a type with a `when` for its tasks as the window opens
    // (activation.test.ts saw the full part loaded "by task"); the provider itself offers no task
    // for a folder or report that is not on disk (reportTasks.ts).
    assert.deepEqual(
      manifest.contributes.taskDefinitions.map((t) => [t.type, t.when]),
      [['report-studio', undefined]],
    );
  });
});
