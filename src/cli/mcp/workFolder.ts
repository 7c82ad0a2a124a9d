/**
 * The folders an MCP client lets the server read and write: the client's roots (file:// URIs)
 * when it declares them, else the working directory the server was started in. A path is
 * resolved against the first and must stay inside one of them, symbolic links followed.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentInputError } from '../../core/agent/toolArgs';

export class WorkFolders {
  constructor(readonly folders: readonly string[]) {
    if (folders.length === 0) throw new Error('WorkFolders needs at least one folder');
  }

  /** Roots as an MCP client sends them; those that are not file:// URIs are left out. */
  static fromRoots(uris: readonly string[], fallback: string): WorkFolders {
    const folders = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    return new WorkFolders(folders.length ? folders : [fallback]);
  }

  /** Where relative paths start. */
  get base(): string {
    return this.folders[0];
  }

  /** The absolute path of `path`, or an AgentInputError when it leaves every folder. */
  async resolve(tool: string, path: string, what = 'path'): Promise<string> {
    const absolute = resolve(this.base, path);
    // The real path of what exists (a link inside pointing outside is outside), else of its folder.
    const real = await realpath(absolute).catch(() =>
      realpath(resolve(absolute, '..'))
        .then((d) => resolve(d, absolute.split(sep).pop() ?? ''))
        .catch(() => absolute),
    );
    const folders = await Promise.all(this.folders.map((f) => realpath(f).catch(() => f)));
    if (!folders.some((f) => inside(f, real))) {
      throw new AgentInputError(
        `${tool}: "${what}" ${JSON.stringify(path)} is outside the working folder${this.folders.length > 1 ? 's' : ''} (${this.folders.join(', ')}); ` +
          'only files inside it can be read or written',
      );
    }
    return absolute;
  }

  /** How a result names a file: relative to the base when inside it. */
  shown(absolute: string): string {
    const r = relative(this.base, absolute);
    return r && !r.startsWith('..') && !isAbsolute(r) ? r : absolute;
  }
}

function inside(folder: string, path: string): boolean {
  const r = relative(folder, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}
