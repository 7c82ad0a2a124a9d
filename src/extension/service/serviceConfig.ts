/**
 * The extension's settings (package.json `contributes.configuration`), read in one place with
 * the defaults and bounds of their table (settingsTable.ts), so a hand-edited settings.json
 * with a negative timeout or a string port cannot reach the client.
 */
import * as vscode from 'vscode';
import { DEFAULT_HOSTED_BASE_URL } from '../../core/api/types';
import type { DarkMode } from '../../webview/protocol';
import type { LivePreviewSetting } from '../live/liveMode';
import { checkCustomBaseUrl, normaliseCustomBaseUrl, type ServiceMode, type ServiceSetting } from '../../core/service/serviceChoice';
import {
  declOf,
  SECTION,
  SETTING_KEYS,
  SETTINGS,
  type BooleanKey,
  type EnumKey,
  type NumberKey,
  type SettingKey,
  type TextKey,
} from './settingsTable';

export { SECTION };

type PreviewOnSave = (typeof SETTINGS)['previewOnSave']['enum'][number];

export interface Settings {
  service: ServiceSetting;
  customBaseUrl: string;
  previewOnSave: PreviewOnSave;
  livePreview: LivePreviewSetting;
  /** Source ↔ preview sync: the cursor outlines its component in the panel. */
  previewSync: boolean;
  /** A click in the preview moves the focus to the editor (by default it stays in the preview). */
  clickInPreviewFocusesEditor: boolean;
  confirmBeforeBuild: boolean;
  /** Where a result panel opens: beside the report's group, or in it. */
  resultViewColumn: (typeof SETTINGS)['resultViewColumn']['enum'][number];
  polling: { initialDelayMs: number; maxIntervalMs: number };
  requestTimeoutMs: number;
  localService: { port: number; dataDir: string };
  quotaRefreshMinutes: number;
  viewerDarkMode: DarkMode;
  /** Copies of each Build's PDF / Preview's JPEG written for the user; `folder` '' is next to the report. */
  export: { build: boolean; preview: boolean; folder: string };
}

function bounded(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(max, Math.max(min, n));
}

/**
 * Settings a workspace could abuse (send the key or the quota elsewhere, write files, run on
 * its own): while the workspace is untrusted only the user's own values count. package.json's
 * `capabilities.untrustedWorkspaces.restrictedConfigurations` is made from the same table;
 * VS Code drops workspace values of those too, this covers the folder level and VS Code
 * versions that do not.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const RESTRICTED_SETTINGS: readonly SettingKey[] = SETTING_KEYS.filter((k) => declOf(k).restricted);

/**
 * Settings that belong to a report's folder (`"scope": "resource"`): read for the report, the
 * others for the window.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const FOLDER_SETTINGS: readonly SettingKey[] = SETTING_KEYS.filter((k) => declOf(k).scope === 'resource');

type Reader = Pick<vscode.WorkspaceConfiguration, 'get'>;

/**
 * The configuration as the extension may use it now: folder settings for `scope`, the others
 * for the window — VS Code logs a warning for a window setting read for a resource, and for a
 * folder setting read with no resource at all (null: any resource, the workspace's value) — and
 * the restricted ones from user settings only while the workspace is untrusted.
 */
function trustedReader(scope: vscode.Uri | undefined): Reader {
  const folder = vscode.workspace.getConfiguration(SECTION, scope ?? null);
  const windowWide = scope ? vscode.workspace.getConfiguration(SECTION, null) : folder;
  const folderKeys = new Set<string>(FOLDER_SETTINGS);
  const restricted = new Set<string>(RESTRICTED_SETTINGS);
  const untrusted = vscode.workspace.isTrusted === false;
  return {
    get: <T>(key: string): T | undefined => {
      const c = folderKeys.has(key) ? folder : windowWide;
      if (!untrusted || !restricted.has(key)) return c.get<T>(key);
      const values = c.inspect<T>(key);
      return values?.globalValue ?? values?.defaultValue;
    },
  } as Reader;
}

/**
 * The settings for a report: `scope` is its URI, so a multi-root workspace's folder settings
 * (resource scope: preview on save, live view, sync, export) are the ones of the report's folder.
 */
export function readSettings(scope?: vscode.Uri): Settings {
  const c = trustedReader(scope);
  const number = (key: NumberKey) => {
    const d = SETTINGS[key];
    return bounded(c.get(key), d.default, d.minimum, d.maximum);
  };
  const flag = (key: BooleanKey) => {
    const value = c.get(key);
    return typeof value === 'boolean' ? value : SETTINGS[key].default;
  };
  const oneOf = <K extends EnumKey>(key: K): (typeof SETTINGS)[K]['enum'][number] => {
    const d: { enum: readonly string[]; default: string } = SETTINGS[key];
    return (d.enum.find((v) => v === c.get(key)) ?? d.default) as (typeof SETTINGS)[K]['enum'][number];
  };
  const text = (key: TextKey) => {
    const value = c.get(key);
    return (typeof value === 'string' ? value : SETTINGS[key].default).trim();
  };
  const initialDelayMs = number('polling.initialDelayMs');
  return {
    service: oneOf('service'),
    customBaseUrl: normaliseCustomBaseUrl(text('customBaseUrl')),
    previewOnSave: oneOf('previewOnSave'),
    livePreview: oneOf('livePreview'),
    previewSync: flag('previewSync'),
    clickInPreviewFocusesEditor: flag('clickInPreviewFocusesEditor'),
    confirmBeforeBuild: flag('confirmBeforeBuild'),
    resultViewColumn: oneOf('resultViewColumn'),
    polling: { initialDelayMs, maxIntervalMs: Math.max(initialDelayMs, number('polling.maxIntervalMs')) },
    requestTimeoutMs: Math.round(number('requestTimeoutSeconds') * 1000),
    localService: { port: Math.round(number('localService.port')), dataDir: text('localService.dataDir') },
    quotaRefreshMinutes: number('quota.refreshIntervalMinutes'),
    viewerDarkMode: oneOf('viewer.darkMode'),
    export: { build: flag('export.build'), preview: flag('export.preview'), folder: text('export.folder') },
  };
}

/** Where a non-local mode sends requests; an Error (to show) when the custom URL is unusable. */
export function remoteBaseUrl(mode: Exclude<ServiceMode, 'local'>, settings: Settings): string {
  if (mode === 'hosted') return DEFAULT_HOSTED_BASE_URL;
  const problem = settings.customBaseUrl
    ? checkCustomBaseUrl(settings.customBaseUrl, vscode.l10n)
    : { severity: 'error', message: vscode.l10n.t('no URL is set') };
  if (problem?.severity === 'error') {
    throw new ServiceSetupError(vscode.l10n.t('The custom service URL (reportStudio.customBaseUrl) is not usable: {0}', problem.message), [
      'selectService',
    ]);
  }
  return settings.customBaseUrl;
}

/** Changes that alter which service is used or how it is reached. */
export function affectsService(e: vscode.ConfigurationChangeEvent): boolean {
  return ['service', 'customBaseUrl', 'requestTimeoutSeconds'].some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

/** What the user can do about a setup problem; rendered as notification buttons. */
export type SetupAction = 'setApiKey' | 'selectService' | 'useLocal' | 'openSettings' | 'showLog';

/** A problem with the configuration (no key, bad URL, port taken), found before any request. */
export class ServiceSetupError extends Error {
  constructor(
    message: string,
    readonly actions: SetupAction[],
  ) {
    super(message);
    this.name = 'ServiceSetupError';
  }
}
