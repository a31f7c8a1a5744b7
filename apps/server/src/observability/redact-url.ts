/** What stands in a logged URL for a secret that was in it. */
export const REDACTED = '[redacted]';

/**
 * Paths whose segment after the prefix is a secret: the invite token in the API's invite routes
 * (`/auth/invites/{token}` and `/auth/invites/{token}/accept`) and in the web app's invite link
 * (`/invite/{token}`), which reaches the server when the page is loaded. Repeated slashes and
 * any letter case are matched too, since the log line is written before routing decides.
 */
const SECRET_PATH_SEGMENTS: readonly RegExp[] = [
  /^(\/+auth\/+invites\/+)[^/?#]+/i,
  /^(\/+invite\/+)[^/?#]+/i,
];

/**
 * Query parameters that carry credentials when a client puts them in a URL. No route reads them,
 * but a client that sends one must not have it written to the logs.
 */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'invite',
  'invite_token',
  'api_key',
  'apikey',
  'key',
  'secret',
  'password',
  'code',
  'sig',
  'signature',
]);

/** A query parameter's name as the server would read it (decoded, any case). */
function queryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * A request URL (path and query) as it may be logged: invite tokens in the path and
 * credential-like query values replaced by "[redacted]", everything else as it was sent.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const raw = part.split('=', 1)[0]!;
      return SECRET_QUERY_NAMES.has(queryName(raw)) ? `${raw}=${REDACTED}` : part;
    })
    .join('&');
  return `${path}?${query}`;
}
