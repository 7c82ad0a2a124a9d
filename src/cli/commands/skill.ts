/**
 * `report-studio skill install [--dir D]`: writes the agent skill (SKILL.md, the Agent Skills
 * format) where agents look for project skills: `.agents/skills/report-studio/` (Codex, GitHub
 * Copilot in VS Code and its CLI, Cursor) and `.claude/skills/report-studio/` (Claude Code; Copilot
 * and Cursor read it too), under the working directory; with --dir, under that skills folder only.
 * A SKILL.md already there with other text is left alone and named (exit 1): a skill someone
 * edited is never overwritten. docs/agents.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expectPositionals } from '../args';
import { CliError, EXIT, type ExitCode } from '../exitCodes';
import { shippedPath } from '../mcp/shippedFiles';
import { printableName } from '../terminalText';
import type { CommandContext } from './report';

/** The skill's folder name (its front matter's `name`). */
export const SKILL_NAME = 'report-studio';

/** Project skill folders of the common agents, relative to the working directory. */
export const SKILL_FOLDERS = ['.agents/skills', '.claude/skills'] as const;

export async function runSkillCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('skill', args.positionals, 1, 1, 'the subcommand "install"');
  if (args.positionals[0] !== 'install')
    throw new CliError(`"skill" knows one subcommand, "install"; got "${printableName(args.positionals[0])}"`);
  const source = shippedPath('SKILL.md');
  if (!source) throw new CliError('SKILL.md is not installed beside report-studio', EXIT.internal);
  const text = await readFile(source, 'utf8');
  const dir = typeof args.options.dir === 'string' ? args.options.dir : undefined;
  const folders = dir !== undefined ? [dir] : [...SKILL_FOLDERS];
  const written: string[] = [];
  const kept: string[] = [];
  for (const folder of folders) {
    const target = resolve(out.io.cwd, folder, SKILL_NAME, 'SKILL.md');
    const existing = await readFile(target, 'utf8').catch(() => undefined);
    if (existing !== undefined && existing !== text) {
      kept.push(target);
      out.error(`${printableName(target)} exists with other text: left as it is (remove it to install this version)`);
      continue;
    }
    await mkdir(join(target, '..'), { recursive: true });
    await writeFile(target, text);
    written.push(target);
    out.line(printableName(target));
  }
  out.document({ ok: kept.length === 0, command: 'skill', written, kept });
  return kept.length ? EXIT.validation : EXIT.ok;
}
