/**
 * The `report-studio` task type (package.json `contributes.taskDefinitions`) as data: what a
 * definition from the task provider or a tasks.json entry may say, and the `report-studio`
 * command lines it runs. The extension runs those lines with the CLI's own code in-process
 * (src/extension/tasks/), so a task prints exactly what `npx report-studio …` prints in a
 * terminal and the `$report-studio` problem matcher reads both. Pure: paths are strings.
 */

const REPORT_TASK_COMMANDS = ['validate', 'build'] as const;
type ReportTaskCommand = (typeof REPORT_TASK_COMMANDS)[number];

/** A checked task definition. */
export interface ReportTaskSpec {
  command: ReportTaskCommand;
  /** Paths or globs relative to the workspace folder; empty = the default of the command. */
  files: string[];
  /** build only: the bundled local service, started inside the task (default true). */
  offline: boolean;
}

/** Checks a definition as VS Code hands it over (from tasks.json: anything JSON can hold). */
export function parseReportTaskDefinition(definition: Record<string, unknown>): ReportTaskSpec | { problem: string } {
  const { command, files, offline } = definition;
  if (!REPORT_TASK_COMMANDS.includes(command as ReportTaskCommand)) {
    return { problem: `"command" must be "validate" or "build", not ${JSON.stringify(command) ?? 'missing'}` };
  }
  if (files !== undefined && !(Array.isArray(files) && files.every((f) => typeof f === 'string' && f.trim() !== ''))) {
    return { problem: '"files" must be a list of paths or globs relative to the workspace folder' };
  }
  if (offline !== undefined && typeof offline !== 'boolean') return { problem: '"offline" must be true or false' };
  return { command: command as ReportTaskCommand, files: (files as string[] | undefined) ?? [], offline: offline ?? true };
}

/** True for a `files` entry VS Code's glob matching must expand (the CLI takes paths only). */
export function isGlob(entry: string): boolean {
  return /[*?[\]{}]/.test(entry);
}

/**
 * The CLI runs of a task over its (expanded) files: one `validate` over all of them (the
 * folder itself when none are named), one `build` per report. An offline build is the line a
 * user would type (`--offline`, no data folder): the extension runs it on its own local service,
 * whose quota the status bar shows (CliIo.localService). The PDF goes where `report-studio build` puts it, next to the report
 * (`q3.report.json` → `q3.pdf`); a report whose name does not end in .json or .jsonc gets
 * `<name>.pdf`, so the report itself is never the output.
 */
export function reportTaskRuns(spec: ReportTaskSpec, files: readonly string[]): string[][] {
  // A name starting with '-' would read as an option.
  const arg = (file: string): string => (file.startsWith('-') ? `./${file}` : file);
  if (spec.command === 'validate') return [['validate', ...(files.length > 0 ? files.map(arg) : ['.'])]];
  return files.map((file) => [
    'build',
    arg(file),
    ...(/\.jsonc?$/i.test(file) ? [] : [`--output=${arg(file)}.pdf`]),
    ...(spec.offline ? ['--offline'] : []),
  ]);
}

/** `report-studio validate "my reports"`: the line a task echoes before it runs. */
export function commandLine(argv: readonly string[]): string {
  return ['report-studio', ...argv].map((a) => (/^[\w@%+=:,./\\-]+$/.test(a) ? a : `"${a.replace(/(["\\$`])/g, '\\$1')}"`)).join(' ');
}

/** Text for a terminal: every line break as CR LF (a pseudoterminal does not translate). */
export function terminalText(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
