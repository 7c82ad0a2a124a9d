/**
 * The extension's settings (package.json `contributes.configuration`), read in one place
 * with their defaults and bounds, so a hand-edited settings.json with a negative timeout
 * or a string port cannot reach the client.
 */
import * as vscode from 'vscode';
import { DEFAULT_HOSTED_BASE_URL } from '../../core/api/types';
import { ADAPTIVE_POLLING } from '../../core/runner/polling';
import { DARK_MODES, type DarkMode } from '../../webview/protocol';
import { parseLivePreviewSetting, type LivePreviewSetting } from '../live/liveMode';
import {
  checkCustomBaseUrl,
  normaliseCustomBaseUrl,
  parseServiceSetting,
  type ServiceMode,
  type ServiceSetting,
} from '../../core/service/serviceChoice';

export const SECTION = 'reportStudio';

type PreviewOnSave = 'off' | 'onSave';

/** The viewer's dark pages: inverted never, always, or while the VS Code theme is dark. */

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
 * its own): while the workspace is untrusted only the user's own values count. The same list
 * is package.json's `capabilities.untrustedWorkspaces.restrictedConfigurations` (a unit test
 * compares them); VS Code drops workspace values of those too, this covers the folder level and
 * VS Code versions that do not.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const RESTRICTED_SETTINGS = [
  'service',
  'customBaseUrl',
  'previewOnSave',
  'confirmBeforeBuild',
  'export.build',
  'export.preview',
  'export.folder',
  'localService.port',
  'localService.dataDir',
] as const;

/**
 * Settings that belong to a report's folder (package.json `"scope": "resource"`; a unit test
 * compares them): read for the report, the others for the window.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export const FOLDER_SETTINGS = ['previewOnSave', 'livePreview', 'previewSync', 'export.build', 'export.preview', 'export.folder'] as const;

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
  const initialDelayMs = bounded(c.get('polling.initialDelayMs'), ADAPTIVE_POLLING.initialDelayMs, 0, 60_000);
  return {
    service: parseServiceSetting(c.get('service')),
    customBaseUrl: normaliseCustomBaseUrl(c.get<string>('customBaseUrl') ?? ''),
    previewOnSave: c.get('previewOnSave') === 'onSave' ? 'onSave' : 'off',
    livePreview: parseLivePreviewSetting(c.get('livePreview')),
    previewSync: c.get('previewSync') !== false,
    clickInPreviewFocusesEditor: c.get('clickInPreviewFocusesEditor') === true,
    confirmBeforeBuild: c.get('confirmBeforeBuild') !== false,
    polling: {
      initialDelayMs,
      maxIntervalMs: Math.max(initialDelayMs, bounded(c.get('polling.maxIntervalMs'), ADAPTIVE_POLLING.maxDelayMs, 0, 60_000)),
    },
    requestTimeoutMs: Math.round(bounded(c.get('requestTimeoutSeconds'), 30, 1, 600) * 1000),
    localService: {
      port: Math.round(bounded(c.get('localService.port'), 0, 0, 65_535)),
      dataDir: (c.get<string>('localService.dataDir') ?? '').trim(),
    },
    quotaRefreshMinutes: bounded(c.get('quota.refreshIntervalMinutes'), 15, 0, 24 * 60),
    viewerDarkMode: DARK_MODES.find((m) => m === c.get('viewer.darkMode')) ?? 'off',
    export: {
      build: c.get('export.build') === true,
      preview: c.get('export.preview') === true,
      folder: (c.get<string>('export.folder') ?? '').trim(),
    },
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
