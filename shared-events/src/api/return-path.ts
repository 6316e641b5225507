/**
 * A place on our own site to come back to after signing up (the course page that asked for it): a relative path that
 * starts with a single "/", with no scheme, no "//", no backslash, no control character or space, and not an API or
 * developer address (no person lands on a JSON body). Anything else is no return path at all: the caller ignores it,
 * so that no link of ours ever sends someone to another site (no open redirect).
 */
const RETURN_PATH_MAX_LENGTH = 500;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('/\\')) return null;
  if (value.includes('//') || value.includes('\\')) return null;
  // Browsers drop tabs and line breaks from addresses ("/\t/evil.example" is "//evil.example"): refuse every control
  // character and space, and any scheme ("/javascript:…" is a path, but nothing of ours needs a colon).
  if ([...value].some((char) => char <= ' ' || (char >= '\u007f' && char <= '\u00a0') || char === '\u2028' || char === '\u2029' || char === ':')) return null;
  if (/^\/(api|dev)(\/|\?|#|$)/u.test(value)) return null;
  return value;
}
