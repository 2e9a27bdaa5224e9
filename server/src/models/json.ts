export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * MariaDB stores JSON as LONGTEXT, and depending on server version and driver metadata a JSON column can
 * come back as text rather than parsed: the model getters accept both.
 */
export function readJsonObject(raw: unknown): JsonObject | null {
  if (raw === null || raw === undefined) return null;
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}
