/**
 * The words src/core makes for people, in the language of whoever shows them. Core imports no
 * `vscode`, and the same functions serve the CLI, which keeps English (its output is read by
 * logs, scripts and problem matchers). So a function that returns display text takes a
 * Translator: the extension passes `vscode.l10n` (its own bundle, l10n/bundle.l10n.<language>.json),
 * the CLI and the local service pass nothing and get ENGLISH. Passed in rather than configured
 * once (@vscode/l10n's `config`): the CLI's commands also run inside the extension host (the
 * `report-studio` tasks, dist/engine.js), where a process-wide bundle would turn them German too.
 *
 * Messages are `l10n.t('string literal with {0}', …)` on a parameter named `l10n`, so
 * scripts/l10n-export.mjs exports them with the extension's (test/helpers/l10nSources.ts).
 */
import { t } from '@vscode/l10n';

export interface Translator {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

/** The English text with its `{0}` placeholders filled: @vscode/l10n without a bundle (core never loads one). */
export const ENGLISH: Translator = { t };
