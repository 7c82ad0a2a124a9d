/**
 * A service that cannot be reached (offline, wrong address, nothing listening, no answer),
 * said in one plain sentence: what failed, which service (its name and host, never a URL
 * that could carry a key) and why, from the transport error's code — no code soup.
 */
import { ENGLISH, type Translator } from '../l10n';

/** Why a request never got an answer, by the transport error's code (Node's and undici's). */
const REASONS: ReadonlyArray<[RegExp, (l10n: Translator) => string]> = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME)$/, (l10n) => l10n.t('its host name could not be looked up (no network, or a mistyped address)')],
  [/^ECONNREFUSED$/, (l10n) => l10n.t('nothing is listening at that address')],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, (l10n) => l10n.t('the connection was dropped')],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EADDRNOTAVAIL)$/, (l10n) => l10n.t('there is no network route to it')],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/, (l10n) => l10n.t('the connection timed out')],
  [
    /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|ERR_TLS_)/,
    (l10n) => l10n.t('its TLS certificate was not accepted'),
  ],
];

/** The error kinds that mean "no answer from the service" (core/client/errors ErrorKind). */
export function isUnreachableKind(kind: string | undefined): kind is 'network' | 'timeout' {
  return kind === 'network' || kind === 'timeout';
}

/** The transport error's code, wherever undici or Node put it (the error, its cause, an AggregateError's first). */
function transportCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    const first = Array.isArray(e.errors) ? (e.errors[0] as { code?: unknown } | undefined) : undefined;
    if (typeof first?.code === 'string') return first.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Why the service did not answer, in words. */
function unreachableReason(error: { kind: string; cause?: unknown }, l10n: Translator): string {
  const code = transportCode(error.cause);
  if (code) for (const [pattern, reason] of REASONS) if (pattern.test(code)) return reason(l10n);
  return error.kind === 'timeout' ? l10n.t('it did not answer in time') : l10n.t('the network request failed');
}

/**
 * `The preview of sales.report.json could not reach the hosted service (api.hybiscus.dev): its
 * host name could not be looked up (no network, or a mistyped address).`
 * `what`: the sentence's subject; `service`: a label like `Hosted service (api.hybiscus.dev)`.
 */
export function unreachableSentence(what: string, service: string, error: { kind: string; cause?: unknown }, l10n = ENGLISH): string {
  return l10n.t(
    '{0} could not reach the {1}: {2}.',
    what,
    service.replace(/^\w/, (c) => c.toLowerCase()),
    unreachableReason(error, l10n),
  );
}
