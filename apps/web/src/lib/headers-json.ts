/**
 * Header text typed as JSON, as an object of strings, or null when it is not a JSON object of
 * text, number or boolean values. A blank box means no headers; numbers and booleans become their
 * text, since header values are text on the wire.
 */
export function parseHeadersJson(text: string): Record<string, string> | null {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(value as Record<string, unknown>)) {
    if (typeof headerValue === 'string') headers[name] = headerValue;
    else if (typeof headerValue === 'number' || typeof headerValue === 'boolean')
      headers[name] = String(headerValue);
    else return null;
  }
  return headers;
}
