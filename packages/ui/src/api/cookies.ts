/** The value of one cookie from a `document.cookie` string, decoded; undefined when absent or empty. */
export function readCookieValue(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function readDocumentCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookieValue(document.cookie, name);
}
