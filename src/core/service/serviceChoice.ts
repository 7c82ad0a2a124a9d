/**
 * Which service the extension talks to, decided from the settings and whether an API key
 * is stored, plus the checks on what a user types for a custom URL or a key. Pure, so the
 * rules are unit-tested and the settings UI, the quick pick and the client agree.
 */
import { ENGLISH } from '../l10n';

/** `reportStudio.service`. */
export type ServiceSetting = 'auto' | 'local' | 'hosted' | 'custom';
/** What is actually used. */
export type ServiceMode = 'local' | 'hosted' | 'custom';

export const SERVICE_SETTINGS: readonly ServiceSetting[] = ['auto', 'local', 'hosted', 'custom'];

export function parseServiceSetting(value: unknown): ServiceSetting {
  return SERVICE_SETTINGS.includes(value as ServiceSetting) ? (value as ServiceSetting) : 'auto';
}

/** `auto` = the hosted service once a key is stored, the bundled local service before. */
export function resolveServiceMode(setting: ServiceSetting, hasApiKey: boolean): ServiceMode {
  if (setting === 'auto') return hasApiKey ? 'hosted' : 'local';
  return setting;
}

export interface InputProblem {
  severity: 'error' | 'warning';
  message: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A URL host name (`URL.hostname`) that names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname);
}

/**
 * A custom base URL: absolute http(s), ending in /api/v1, no credentials, query or
 * fragment (an `api_key=` in a settings file would be a leaked key). Plain http is only a
 * warning, and only off loopback: the key would cross the network unencrypted.
 */
export function checkCustomBaseUrl(raw: string, l10n = ENGLISH): InputProblem | undefined {
  const text = raw.trim();
  if (!text) return { severity: 'error', message: l10n.t('Enter the base URL of the service, e.g. https://reports.example.com/api/v1') };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { severity: 'error', message: l10n.t('Not a URL: it must start with https:// (or http:// for a service on this machine)') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { severity: 'error', message: l10n.t('Only http and https URLs work, not {0}', url.protocol) };
  if (url.username || url.password)
    return { severity: 'error', message: l10n.t('Leave credentials out of the URL: the API key is set with "Report Studio: Set API Key"') };
  if (url.search || url.hash)
    return {
      severity: 'error',
      message: l10n.t('Leave the query and fragment out of the URL (an api_key there would be stored in plain text)'),
    };
  if (!/\/api\/v1\/?$/.test(url.pathname))
    return { severity: 'error', message: l10n.t('The base URL must end with /api/v1, e.g. http://127.0.0.1:8787/api/v1') };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return { severity: 'warning', message: l10n.t('http:// sends the API key unencrypted; use https:// unless the network is trusted') };
  }
  return undefined;
}

/** The URL as stored: trimmed, no trailing slash. */
export function normaliseCustomBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '');
}

/** An API key as typed into the password box: one token, no spaces, a sane length. */
export function checkApiKey(raw: string, l10n = ENGLISH): InputProblem | undefined {
  const key = raw.trim();
  if (!key) return { severity: 'error', message: l10n.t('Paste your API key') };
  if (/\s/.test(key)) return { severity: 'error', message: l10n.t('An API key contains no spaces or line breaks') };
  if (key.length < 8) return { severity: 'error', message: l10n.t('Too short for an API key (8 characters at least)') };
  if (key.length > 512) return { severity: 'error', message: l10n.t('Too long for an API key (512 characters at most)') };
  return undefined;
}
