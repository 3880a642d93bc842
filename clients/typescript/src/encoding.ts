/** Request bodies as the gateway reads them: form-urlencoded for most REST calls, JSON for the rest. */
export type Encoding = 'form' | 'json';

export const CONTENT_TYPES: Readonly<Record<Encoding, string>> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
};

/** One form value: objects travel as JSON text in one parameter, as the spec's form tables say. */
function formValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * The body for the parameters, which fetch sends as UTF-8 (the bytes the signer signs). Members
 * that are undefined or null are left out. In a form a `repeated` parameter (register.do's
 * `features`) is sent once per element; any other object or array is JSON text.
 */
export function encodeBody(
  encoding: Encoding,
  params: Readonly<Record<string, unknown>>,
  repeated: readonly string[] = [],
): string {
  const present = Object.entries(params).filter(([, value]) => value !== undefined && value !== null);
  if (encoding === 'json') return JSON.stringify(Object.fromEntries(present));
  const form = new URLSearchParams();
  for (const [name, value] of present) {
    if (Array.isArray(value) && repeated.includes(name))
      for (const item of value as unknown[]) form.append(name, formValue(item));
    else form.append(name, formValue(value));
  }
  return form.toString();
}
