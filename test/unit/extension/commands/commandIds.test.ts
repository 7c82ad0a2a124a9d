// The typed command table is the manifest's command list, and everything the manifest wires
// to a command (menus, keybindings, the walkthrough's links) names one of them.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, NODE_HOST_COMMANDS, WEB_HOST_CONTEXT } from '../../../../src/extension/commands/commandIds';

const root = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const table: string[] = Object.values(COMMANDS);

describe('extension: the command id table', () => {
  it('equals contributes.commands', () => {
    const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
    assert.deepEqual([...table].sort(), [...contributed].sort());
    assert.equal(new Set(table).size, table.length, 'no id twice');
  });

  it('covers every command the menus and keybindings name', () => {
    const named = new Set<string>();
    for (const entries of Object.values(manifest.contributes.menus as Record<string, Array<{ command?: string }>>))
      for (const e of entries) if (e.command) named.add(e.command);
    for (const k of manifest.contributes.keybindings as Array<{ command: string }>) named.add(k.command);
    assert.ok(named.size > 5);
    for (const id of named) assert.ok(table.includes(id), `${id} is wired in package.json but not in COMMANDS`);
  });

  it('is the only place in src/extension that spells a command id', () => {
    const ids = new RegExp(`'(${table.map((id) => id.replace(/\./g, '\\.')).join('|')})'`);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const spelled = walk(join(root, 'src/extension'))
      .filter((f) => !f.endsWith('commandIds.ts'))
      .filter((f) => ids.test(readFileSync(f, 'utf8')));
    assert.deepEqual(spelled, []);
  });

  it('disables on the web extension host exactly the commands that need the Node one (enablement on its context key)', () => {
    assert.equal(manifest.browser, 'dist/web/extension.js');
    const off = `!${WEB_HOST_CONTEXT}`;
    const disabled = manifest.contributes.commands
      .filter((c: { enablement?: string }) => c.enablement?.includes(WEB_HOST_CONTEXT))
      .map((c: { command: string; enablement: string }) => {
        assert.equal(c.enablement, off, c.command);
        return c.command;
      });
    assert.deepEqual(disabled.sort(), [...NODE_HOST_COMMANDS].sort());
  });
});
