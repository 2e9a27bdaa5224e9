/*
 * Japanese calendar days, for the analytics report (server) and its operators' screen. A module of its
 * own, apart from ./analytics: the web app's first page loads that one (the beacon queue) and must
 * not carry these along.
 */
const DAY_MS = 86_400_000;
/** Japan has no daylight saving time: a Japanese day is always UTC+9. */
export const JST_OFFSET_MS = 9 * 3_600_000;

/**
 * The Japanese calendar day of `at` (DISPLAY_TIME_ZONE, the day operators think in), as YYYY-MM-DD: the
 * server counts its daily totals by it and the operators' screen picks its default range with it.
 */
export function japanDay(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The YYYY-MM-DD day `days` days after (or before) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
