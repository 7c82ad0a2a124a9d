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
import { declOf, SECTION, SETTING_KEYS, settingValue, type SettingKey, type SettingValue } from './settingsTable';

export { SECTION };

export interface Settings {
  service: ServiceSetting;
  customBaseUrl: string;
  previewOnSave: SettingValue<'previewOnSave'>;
  livePreview: LivePreviewSetting;
  /** Source ↔ preview sync: the cursor outlines its component in the panel. */
  previewSync: boolean;
  /** A click in the preview moves the focus to the editor (by default it stays in the preview). */
  clickInPreviewFocusesEditor: boolean;
  confirmBeforeBuild: boolean;
  polling: { initialDelayMs: number; maxIntervalMs: number };
  requestTimeoutMs: number;
  localService: { port: number; dataDir: string };
  quotaRefreshMinutes: number;
  viewerDarkMode: DarkMode;
  /** Copies of each Build's PDF / Preview's JPEG written for the user; `folder` '' is next to the report. */
  export: { build: boolean; preview: boolean; folder: string };
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
  const get = <K extends SettingKey>(key: K) => settingValue(key, c.get(key));
  const initialDelayMs = get('polling.initialDelayMs');
  return {
    service: get('service'),
    customBaseUrl: normaliseCustomBaseUrl(get('customBaseUrl')),
    previewOnSave: get('previewOnSave'),
    livePreview: get('livePreview'),
    previewSync: get('previewSync'),
    clickInPreviewFocusesEditor: get('clickInPreviewFocusesEditor'),
    confirmBeforeBuild: get('confirmBeforeBuild'),
    polling: { initialDelayMs, maxIntervalMs: Math.max(initialDelayMs, get('polling.maxIntervalMs')) },
    requestTimeoutMs: Math.round(get('requestTimeoutSeconds') * 1000),
    localService: { port: get('localService.port'), dataDir: get('localService.dataDir') },
    quotaRefreshMinutes: get('quota.refreshIntervalMinutes'),
    viewerDarkMode: get('viewer.darkMode'),
    export: { build: get('export.build'), preview: get('export.preview'), folder: get('export.folder') },
  };
}

/**
 * One setting for a report (`scope`) or the window, as readSettings() reads each: what a new
 * setting needs no field of `Settings` for.
 */
export function readSetting<K extends SettingKey>(key: K, scope?: vscode.Uri): SettingValue<K> {
  return settingValue(key, trustedReader(scope).get(key));
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
