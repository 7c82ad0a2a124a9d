/** Usage texts of `report-studio` and its commands (kept in step with docs/cli.md). */
import type { CommandName } from './args';
import { MAX_BATCH_FILES } from './batch/inputs';
import { MAX_JOBS } from './batch/pool';
import { DEFAULT_REMOTE_JOBS } from './commands/batch';
import { DEFAULT_DPI, MAX_DPI, MIN_DPI, PAGES_SYNTAX } from '../core/pageImageOptions';
import { MAX_SHARDS } from './batch/shard';
import { DEFAULT_AGENT_DPI, DEFAULT_AGENT_PAGES, MAX_AGENT_PAGES } from '../core/agent/limits';
import { SKILL_FOLDERS, SKILL_NAME } from './commands/skill';
import { ADAPTIVE_POLLING } from '../core/runner/polling';
import { DEFAULT_TASK_TIMEOUT_MS } from '../core/runner/taskRunner';
import { EXIT, EXIT_SUMMARY } from './exitCodes';

const SHARD_LINE = `  --shard <i/n>            Only shard i of n: the reports split by their sorted paths`;

const GLOBAL = `Options (any command):
  --base-url <url>     Service base URL (env REPORT_STUDIO_BASE_URL; default https://api.hybiscus.dev/api/v1)
  --api-key <key>      API key (env REPORT_STUDIO_API_KEY; prefer the env variable: argv is visible to others)
  --offline            Run the bundled local service in-process (no key or network needed)
  --data-dir <dir>     Data folder of the --offline service (default: as for serve)
  --timeout <seconds>  Overall time limit of a task (default ${DEFAULT_TASK_TIMEOUT_MS / 1000})
  --json               Machine-readable output on stdout
  -q, --quiet          No progress, no summaries
  -v, --verbose        Log each request (keys redacted) to stderr
  -h, --help           Show help;  -V, --version  Show the version`;

/** Every exit code of EXIT (exitCodes.ts), lines filled up to 100 characters. */
function exitCodeLines(): string {
  const items = (Object.keys(EXIT) as Array<keyof typeof EXIT>).map((k) => `${EXIT[k]} ${EXIT_SUMMARY[k]}`);
  const lines = [`Exit codes: ${items[0]}`];
  for (const item of items.slice(1)) {
    if (`${lines[lines.length - 1]}, ${item},`.length <= 100) lines[lines.length - 1] += `, ${item}`;
    else {
      lines[lines.length - 1] += ',';
      lines.push(item);
    }
  }
  return lines.join('\n');
}

const EXIT_CODES = `${exitCodeLines()}
A batch exits with the worst code of its reports (130 when Ctrl-C stopped it).`;

export const MAIN_HELP = `Usage: report-studio <command> [options]

Commands:
  preview <file> [-o out.jpg]     Render a free, watermarked JPEG preview
  build <file> [-o out.pdf]       Build the PDF (counts against the quota)
  build <files|dirs|globs…>       Build many reports in one run (--out-dir, --jobs; also preview)
  status <task_id> [--wait] [-o]  Show (or wait for) a task; -o downloads its file
  quota                           Show the remaining quota
  validate <files|dirs…>          Check reports against the schema (file:line:col: lines)
  schema [--print]                Print the schema file's path (or the schema) for other editors
  serve [flags]                   Run the local service (same flags as npm run service)
  diff <old> <new> [--out DIR]    Which pages a change added, removed or changed (free)
  export <files|dirs…> --png      One PNG per page, <report>-p<N>.png (free, offline)
  plan <inputs…> --shards n       The CI matrix of a run split over n machines, and its quota
  merge <shard.json…>             Join the --json documents of a run's shards into one run
  mcp                             Serve the agent tools over MCP (stdio) for Claude Code, Cursor, Codex, VS Code
  skill install [--dir D]         Write the agent skill (SKILL.md) where agents look for it

${GLOBAL}

${EXIT_CODES}
More: docs/cli.md`;

/** The batch form of build and preview (docs/cli.md, _Batch builds_); `more`: options of one command. */
const batchHelp = (
  more = '',
): string => `Several files, folders (searched for *.report.json(c)) or glob patterns ("reports/**/*.report.json",
quoted) build in one process, at most ${MAX_BATCH_FILES} reports per run:
  --out-dir <dir>          Write the files here, in the reports' folders (default: beside each report)
  --jobs <n>               Tasks in flight, 1–${MAX_JOBS} (default: 2 per core offline, ${DEFAULT_REMOTE_JOBS} otherwise)
  --junit <file>           Also write a JUnit XML file, one test case per report
  --shard <i/n>            Only shard i of n (CI machines): at most ${MAX_BATCH_FILES} reports per shard${more}
A line per report, a summary, the worst exit code; in GitHub Actions ($GITHUB_STEP_SUMMARY set)
a table of the run is added to the job's summary. Ctrl-C leaves no partial file (exit 130).`;

const COMMAND_HELP: Record<CommandName, string> = {
  preview: `Usage: report-studio preview <file> [-o out.jpg] [--no-wait]
       report-studio preview <files|dirs|globs…> [--out-dir dir] [--jobs n]

Submits the report to /preview-report, waits for it and saves the JPEG
(default: next to the input, <name>.preview.jpg; "-o -" writes to stdout).
Previews are free. A 422 is printed as file:line:col: lines, what the renderer
could not draw as asked as file:line:col: warning: lines.
  -o, --output <file>      Where to save the JPEG
  --no-wait                Only submit; print the task id
  --poll-initial-ms <ms>   First status check after submit (default ${ADAPTIVE_POLLING.initialDelayMs})
  --poll-max-ms <ms>       Longest interval between checks (default ${ADAPTIVE_POLLING.maxDelayMs})
  --format text|github     Problem lines as text (default) or GitHub Actions annotations
  --max-warnings <n>       Exit 7 on more than n render warnings; the JPEG is still written

${batchHelp()}`,
  build: `Usage: report-studio build <file> [-o out.pdf] [--no-wait]
       report-studio build <files|dirs|globs…> [--out-dir dir] [--jobs n] [--allow-partial]

Submits the report to /build-report, waits for it and saves the PDF
(default: next to the input, <name>.pdf; "-o -" writes to stdout).
Builds count against the quota; the quota left is printed afterwards. What the
renderer could not draw as asked is printed as file:line:col: warning: lines.
  -o, --output <file>      Where to save the PDF
  --no-wait                Only submit; print the task id
  --poll-initial-ms <ms>   First status check after submit (default ${ADAPTIVE_POLLING.initialDelayMs})
  --poll-max-ms <ms>       Longest interval between checks (default ${ADAPTIVE_POLLING.maxDelayMs})
  --format text|github     Problem lines as text (default) or GitHub Actions annotations
  --max-warnings <n>       Exit 7 on more than n render warnings (content cut, an image
                           not fetched, a font replaced); the PDF is still written

${batchHelp(`
  --allow-partial          Build as many as the quota allows; without it a run the
                           remaining quota cannot finish is refused before any build`)}`,
  status: `Usage: report-studio status <task_id> [--wait] [-o file]

Prints the task's status. Exit code 5 when it FAILED.
  --wait                Wait until the task has finished
  -o, --output <file>   Download the finished file (implies --wait)`,
  quota: `Usage: report-studio quota

Prints the remaining single-page and multi-page reports of the period.`,
  validate: `Usage: report-studio validate <files|dirs…> [--warnings-as-errors] [--format github]

Checks each report against schemas/report.schema.json without contacting the service.
Directories are searched for *.report.json and *.report.jsonc. Each problem is one
line, as compilers print them:
  file:line:col: error: message [keyword] (path)
Errors are what the service would reject; warnings (file:line:col: warning: …) what
only the editor's strict schema finds: unknown options and icon names, older forms.
Exit code 1 when any file has errors.
  --warnings-as-errors     Exit code 1 on warnings too
  --max-warnings <n>       Exit code 7 on more than n warnings (and no errors)
${SHARD_LINE}
  --format text|github     Problem lines as text (default) or GitHub Actions annotations
                           (::error file=…,line=…::message)`,
  schema: `Usage: report-studio schema [--print]

Prints the path of the report schema installed with report-studio
(schemas/report.schema.json), for editors other than VS Code.
  --print   Print the schema itself (JSON) instead`,
  serve: `Usage: report-studio serve [flags]

Runs the local report service in the foreground (the same program and flags as
npm run service). Run "report-studio serve --help" for its flags.`,
  diff: `Usage: report-studio diff <old> <new> [--out DIR]
       report-studio diff --base <rev> [paths…] [--out DIR]
       report-studio diff <rev>..<rev> [paths…] [--out DIR]

Compares two reports or PDFs, or every *.report.json(c) that changed between a
revision and the work tree (--base) or two revisions (a..b), at most 200 reports.
Reports are laid out by the bundled renderer here: free, no service, no key.
Pages are matched by number: added, removed, changed or unchanged (page keys
first, then pixels). Exit code 0 when nothing changed, 1 when something did,
2 when a side could not be read or rendered.
  --base <rev>             Compare the reports changed since <rev> with the work tree
${SHARD_LINE}
  --out <dir>              Write a PNG per changed page (old left, new right, changes
                           framed in red), summary.md and summary.html
  --format text|github     One line per report (default) or a GitHub Actions notice
                           per changed report (and summary.md to $GITHUB_STEP_SUMMARY)`,
  export: `Usage: report-studio export <files|dirs|globs…> --png [--dpi N] [--pages 1-3] [-o DIR]

Writes one PNG per page, <report>-p<N>.png, laid out and rasterised by the bundled
renderer here: free, offline, no key, no watermark. Folders are searched for
*.report.json(c); at most ${MAX_BATCH_FILES} reports per run. A report the service would reject
gets its problem lines and no images (exit 1); the other reports are still exported.
Existing images of the same name are replaced (written to a temporary name, then renamed).
  --png                    Page images as PNG (required: the only format so far)
  --dpi <n>                Resolution, ${MIN_DPI}–${MAX_DPI} (default ${DEFAULT_DPI}: an A4 page is 1190 px wide)
  --pages <list>           Only these pages: ${PAGES_SYNTAX} (a page past the end: exit 2)
  -o, --output <dir>       Write into this folder, keeping the reports' folders below it
                           (default: beside each report)`,
  plan: `Usage: report-studio plan <files|dirs|globs…> --shards <n> [--json] [--offline]

Before a build is split over n CI machines (build --shard i/n on each): prints the
matrix for them on stdout, {"shard":["1/n",…]} (strategy.matrix: fromJSON(…)), the
reports and single-/multi-page builds of each shard and of the whole run, and the
quota left (--offline: none is needed). Nothing is built.
Exit code 4 when the remaining quota cannot cover the whole run.
  --shards <n>             Machines to split the run over, 1–${MAX_SHARDS}`,
  merge: `Usage: report-studio merge <shard.json…> [--junit FILE] [--json]

Joins the --json documents of a build or preview run split with --shard i/n into
the one run they are parts of: a line per report, the summary, the GitHub step
summary, --json one document, --junit one JUnit file (written from the documents).
Exit code: the joined run's (the worst of its reports); 2 when the files are not
every shard of one run (another command, a shard missing or twice, a report twice).
  --junit <file>           Also write the joined run's JUnit XML`,
  mcp: `Usage: report-studio mcp

A Model Context Protocol server on stdin/stdout, for agents (VS Code's .vscode/mcp.json,
Claude Code, Cursor, Codex). Tools: validate, render (page PNGs, ${DEFAULT_AGENT_DPI} dpi, the first
${DEFAULT_AGENT_PAGES} pages unless asked, at most ${MAX_AGENT_PAGES}), component_docs, preview, build (spends quota),
quota, diff (against git HEAD or another file). Resources: the report schema and the examples.
Files are read and written only inside the client's roots (else the working directory).
The hosted service with REPORT_STUDIO_API_KEY (or --api-key), else the bundled local service
(--offline forces it). Logs go to stderr; stdout is the protocol. Runs until stdin closes.
More: docs/agents.md`,
  skill: `Usage: report-studio skill install [--dir D]

Writes the agent skill, SKILL.md (Agent Skills format: when to use Report Studio, the loop
component_docs → write → validate → render and look → fix → build only when asked), to
${SKILL_FOLDERS.map((f) => `${f}/${SKILL_NAME}/SKILL.md`).join(' and ')} under the working directory
(Codex, GitHub Copilot, Cursor; Claude Code). A SKILL.md there with other text is left alone (exit 1).
  --dir <dir>              Write <dir>/${SKILL_NAME}/SKILL.md instead (e.g. ~/.claude/skills)`,
  help: MAIN_HELP,
};

export function commandHelp(command: CommandName): string {
  return `${COMMAND_HELP[command]}\n\n${command === 'help' ? '' : `${GLOBAL}\n\n${EXIT_CODES}`}`.trimEnd();
}
