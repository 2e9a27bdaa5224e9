import { JST_OFFSET_MS } from './japanDays';

/**
 * Cuts to `max` characters (code points, so emoji and kanji are never split) and adds an ellipsis when cut.
 * Counts no further than it must: every card of every list is cut, and a description may be long (the
 * feed's profile had a copy of each whole description as an array at 3 % of the API's time).
 */
export function cut(text: string, max: number): string {
  // At most `max` UTF-16 units is at most `max` code points: nothing to count.
  if (text.length <= max) return text;
  let counted = 0;
  let end = 0;
  for (const char of text) {
    if (counted === max) return `${text.slice(0, end)}…`;
    counted += 1;
    end += char.length;
  }
  return text;
}

/** Length as a member counts it: code points, not UTF-16 units. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * "2026年11月27日 09:05" in Japan time (DISPLAY_TIME_ZONE), as Intl.DateTimeFormat('ja-JP') writes it
 * with year, long month, day and two-digit hour and minute (text.test.ts holds the two together). Written
 * out because building that formatter costs a fresh page 20-30 ms of Chromium's time before the first
 * card can show a date (issue 22: /reports' LCP), and Japan time is always UTC+9.
 * Throws a RangeError for an invalid date, as the formatter does.
 */
export function formatDateTimeJa(value: string | number | Date): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const japan = new Date(time + JST_OFFSET_MS);
  return `${japan.getUTCFullYear()}年${japan.getUTCMonth() + 1}月${japan.getUTCDate()}日 ${twoDigits(japan.getUTCHours())}:${twoDigits(japan.getUTCMinutes())}`;
}
