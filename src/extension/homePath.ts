/**
 * Path settings as a person types them — the home folder, `~/…`, absolute or not — in both
 * hosts: string helpers rather than node:os/node:path, which the web worker extension host lacks
 * (there is no `process` either: no home folder, and these settings do not apply there).
 */
export function homeFolder(): string {
  const env = globalThis.process?.env;
  return env?.HOME ?? env?.USERPROFILE ?? '';
}

export function expandHome(p: string): string {
  return p.replace(/^~(?=$|[/\\])/, homeFolder());
}

/** `/…`, `\…`, `C:\…` or `C:/…` (as path.isAbsolute on Windows; a POSIX path is one of these). */
export function isAbsolutePath(p: string): boolean {
  return /^([a-zA-Z]:)?[\\/]/.test(p);
}

/** `dir` + `name` with the separator `dir` uses (a Windows path keeps its backslashes). */
export function joinPath(dir: string, ...names: string[]): string {
  const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  return [dir.replace(/[\\/]+$/, ''), ...names].join(sep);
}
