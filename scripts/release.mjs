// A release in one command: checks, packages the .vsix (package.mjs) and the CLI's npm tarball
// (pack-cli.mjs), then publishes them to the VS Code Marketplace (vsce), Open VSX (ovsx) and npm.
//   npm run release -- --dry-run   check and package, print the commands, run none of them
//   npm run release                the same, then run the commands (docs/publishing.md)
// Options for checks and tests (a release takes both from the repository):
//   --changelog <file>   the changelog to check (default CHANGELOG.md)
//   --version <x.y.z>    the version to release (default package.json's, which is left as it is)
//   --out <dir>          where the packages go (default out/release/)
// Every problem is reported, then the script exits 1 before packaging (a package cannot fix
// them). A dry run only notes a missing token or tag, so CI can run it without secrets.
// Tokens reach vsce and ovsx through their environment variables (each reads its own): never on
// a command line, never printed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isPreRelease, packageVsix, releaseTag } from './package.mjs';
import { packCli } from './pack-cli.mjs';
import { root } from './freshness.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Where each package goes: the token variable its tool reads (npm uses its own login: `npm
 * login`, or the .npmrc actions/setup-node writes) and the command, as argv.
 */
const REGISTRIES = [
  {
    name: 'VS Code Marketplace',
    token: 'VSCE_PAT',
    command: ({ vsix, pre }) => [
      process.execPath,
      join(root, 'node_modules', '@vscode', 'vsce', 'vsce'),
      'publish',
      '--packagePath',
      vsix,
      ...(pre ? ['--pre-release'] : []),
    ],
  },
  {
    name: 'Open VSX',
    token: 'OVSX_PAT',
    command: ({ vsix, pre }) => [
      process.execPath,
      join(root, 'node_modules', 'ovsx', 'bin', 'ovsx'),
      'publish',
      '--packagePath',
      vsix,
      ...(pre ? ['--pre-release'] : []),
    ],
  },
  // A pre-release goes to the `next` dist-tag: `npm install report-studio` keeps the last release.
  { name: 'npm', token: undefined, command: ({ tarball, pre }) => [NPM, 'publish', tarball, ...(pre ? ['--tag', 'next'] : [])] },
];

/** A path as the person typing in `cwd` would write it; node and npm by their names. */
function shown(arg) {
  if (arg === process.execPath) return 'node';
  if (!isAbsolute(arg)) return arg;
  const rel = relative(process.cwd(), arg);
  return rel.startsWith('..') || isAbsolute(rel) ? arg : rel;
}

const quote = (arg) => (/^[\w./:=@+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);
const commandLine = (argv) => argv.map((a) => quote(shown(a))).join(' ');

/** The entries of the changelog's `## [version]` section, or why there are none. */
function changelogSection(file, version) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { problem: `cannot read the changelog ${shown(file)} (${e.code ?? e.message})` };
  }
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.startsWith(`## [${version}]`));
  if (start < 0) {
    const has = lines.filter((l) => l.startsWith('## [')).map((l) => l.slice(3).split(']')[0] + ']');
    return {
      problem: `${shown(file)} has no "## [${version}]" section (it has ${has.join(', ') || 'no version sections'}): move the release's entries under "## [${version}] - <date>" first`,
    };
  }
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const entries = lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => /^\s*[-*] /.test(l)).length;
  if (entries === 0) return { problem: `${shown(file)}'s "## [${version}]" section lists no entries` };
  return { heading: lines[start], entries };
}

function tagExists(tag) {
  return spawnSync('git', ['rev-parse', '--quiet', '--verify', `refs/tags/${tag}`], { cwd: root }).status === 0;
}

const mb = (path) => `${(statSync(path).size / 1024 / 1024).toFixed(1)} MB`;

const USAGE = 'usage: node scripts/release.mjs [--dry-run] [--changelog <file>] [--version <x.y.z>] [--out <dir>]';

/** The options, or undefined when they cannot be read (said on stderr). */
function options(argv) {
  try {
    return parseArgs({
      args: argv,
      options: {
        'dry-run': { type: 'boolean', default: false },
        changelog: { type: 'string', default: join(root, 'CHANGELOG.md') },
        version: { type: 'string', default: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version },
        out: { type: 'string', default: join(root, 'out', 'release') },
      },
    }).values;
  } catch (e) {
    console.error(`release: ${e.message}\n${USAGE}`);
    return undefined;
  }
}

async function release(argv) {
  const values = options(argv);
  if (!values) return 2;
  const dryRun = values['dry-run'];
  const { version } = values;
  const problems = [];
  const notes = [];

  const pre = isPreRelease(version);
  const tag = releaseTag(version);
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    problems.push(`version "${version}" is not major.minor.patch (the Marketplace takes nothing else)`);
  } else {
    console.log(`release: report-studio ${version}, ${pre ? 'a pre-release (odd minor)' : 'a release (even minor)'}, tag ${tag}`);
  }

  const section = changelogSection(resolve(values.changelog), version);
  if (section.problem) problems.push(section.problem);
  else console.log(`release: ${shown(resolve(values.changelog))}: "${section.heading}", ${section.entries} entries`);

  // The packaged README's pictures point into the tag: it must exist before the listing does.
  const unmet = [];
  if (!tagExists(tag))
    unmet.push(`tag ${tag} does not exist here: the listing's pictures and links point into it; tag the release commit and push the tag`);
  for (const { name, token } of REGISTRIES) {
    if (token && !process.env[token]) unmet.push(`${token} is not set: the ${name} token`);
  }
  (dryRun ? notes : problems).push(...unmet);

  if (problems.length > 0) {
    for (const p of problems) console.error(`release: ${p}.`);
    for (const n of notes) console.error(`release: note: ${n}.`);
    console.error(`release: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was packaged or published.`);
    return 1;
  }

  const outDir = resolve(values.out);
  mkdirSync(outDir, { recursive: true });
  const vsix = packageVsix({ quiet: true, as: version, out: join(outDir, `report-studio-${version}.vsix`) });
  console.log(`release: packaged ${shown(vsix)} (${mb(vsix)})`);
  const { tarball } = await packCli({ outDir, quiet: true, version });
  console.log(`release: packaged ${shown(tarball)} (${mb(tarball)})`);

  const runs = REGISTRIES.map((r) => ({ ...r, argv: r.command({ vsix, tarball, pre }) }));
  console.log(dryRun ? 'release: dry run; a release would run:' : 'release: publishing:');
  for (const { name, token, argv } of runs) {
    const auth = token ? `$${token}, ${process.env[token] ? 'set' : 'not set'}` : "npm's own login";
    console.log(`  ${name} (${auth})\n    ${commandLine(argv)}`);
  }
  for (const n of notes) console.log(`release: note: ${n}.`);
  if (dryRun) return 0;

  for (const { name, argv } of runs) {
    const r = spawnSync(argv[0], argv.slice(1), { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`release: publishing to ${name} failed (exit ${r.status ?? r.signal}); the registries before it have ${version}.`);
      return 1;
    }
  }
  console.log(`release: ${version} is published.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = await release(process.argv.slice(2));
  } catch (e) {
    console.error(`release: ${e instanceof Error ? e.message : e}`);
    process.exitCode = 1;
  }
}
