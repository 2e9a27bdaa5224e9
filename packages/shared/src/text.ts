import { DISPLAY_TIME_ZONE } from './limits';

/** Cuts to `max` characters (code points, so emoji and kanji are never split) and adds an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** Length as a member counts it: code points, not UTF-16 units. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTimeJa(value: string | number | Date): string {
  return dateFormat.format(new Date(value));
}
