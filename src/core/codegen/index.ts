/**
 * "Copy as…": a report as a runnable snippet that submits it, waits for the task and saves
 * the result. One generator per language; all read one request description (request.ts).
 */
import { curlScript } from './curl';
import { nodeFetchScript } from './nodeFetch';
import { newerSdkScript, webApiSdkScript } from './nodeSdk';
import { pythonScript } from './python';
import { describeRequest, type CodeInput, type CodeRequest } from './request';
import type { Translator } from '../l10n';

export { API_KEY_ENV, CodegenError, type CodeInput } from './request';
export { isOnReportRoot } from './reportRoot';

export interface CodeLanguage {
  id: 'curl' | 'node-fetch' | 'node-sdk' | 'node-sdk-api' | 'python';
  label: string;
  /** What it needs, for the picker, in the caller's language. */
  detail(l10n: Translator): string;
  /** VS Code's language id for the snippet (an untitled editor, syntax colours). */
  languageId: string;
  generate(request: CodeRequest): string;
}

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  {
    id: 'curl',
    label: 'cURL',
    detail: (l10n) => l10n.t('bash script: curl, no other tool'),
    languageId: 'shellscript',
    generate: curlScript,
  },
  {
    id: 'node-fetch',
    label: 'Node (fetch)',
    detail: (l10n) => l10n.t('ES module, Node 18+, no dependency'),
    languageId: 'javascript',
    generate: nodeFetchScript,
  },
  {
    id: 'node-sdk',
    label: 'Node SDK (@hybiscus/web-api)',
    detail: (l10n) => l10n.t('the official Node SDK'),
    languageId: 'javascript',
    generate: webApiSdkScript,
  },
  {
    id: 'node-sdk-api',
    label: 'Node SDK (@hybiscus/api)',
    detail: (l10n) => l10n.t('the newer official Node SDK, Node 20+'),
    languageId: 'javascript',
    generate: newerSdkScript,
  },
  {
    id: 'python',
    label: 'Python (requests)',
    detail: (l10n) => l10n.t('Python 3.8+ with requests'),
    languageId: 'python',
    generate: pythonScript,
  },
];

export function codeLanguage(id: string): CodeLanguage | undefined {
  return CODE_LANGUAGES.find((l) => l.id === id);
}

/** The snippet for `input` in `language`; throws CodegenError when the text is not a JSON object. */
export function generateCode(language: CodeLanguage, input: CodeInput): string {
  return language.generate(describeRequest(input));
}
