/**
 * `report-studio schema [--print]`: where the report schema that ships with this report-studio
 * is (for editors other than VS Code: a `$schema` or a language server's schema mapping), or
 * the schema itself with --print. The file lies beside the bundle: dist/cli.js →
 * schemas/report.schema.json, in the repository and in the npm package alike.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { reportSchema } from '../../core/schema/reportSchema';
import { expectPositionals } from '../args';
import { CliError, EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { CommandContext } from './report';
import { printableName } from '../terminalText';

/** Where the schema file may be: beside dist/ (the bundle), or the repository root (run from src/ by tsx). */
function schemaFileCandidates(dir: string = __dirname): string[] {
  return [join(dir, '..', 'schemas', 'report.schema.json'), join(dir, '..', '..', '..', 'schemas', 'report.schema.json')];
}

export async function runSchemaCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('schema', args.positionals, 0, 0, 'no arguments');
  if (args.options.print) {
    // The schema built into this program: the same one `validate` checks against.
    out.io.stdout.write(`${JSON.stringify(reportSchema, null, 2)}\n`);
    return EXIT.ok;
  }
  const candidates = schemaFileCandidates();
  const file = candidates.find((p) => existsSync(p));
  if (!file) {
    throw new CliError(
      `the schema file is not installed beside report-studio (looked for ${candidates.map(printableName).join(', ')}); ` +
        '"report-studio schema --print > report.schema.json" writes the schema it was built with',
      EXIT.internal,
    );
  }
  out.line(printableName(file));
  out.document({ ok: true, command: 'schema', path: file });
  return EXIT.ok;
}
