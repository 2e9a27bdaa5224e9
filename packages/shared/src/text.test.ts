import { DISPLAY_TIME_ZONE } from './limits';
import { cut, formatDateTimeJa } from './text';

describe('formatDateTimeJa', () => {
  const intl = new Intl.DateTimeFormat('ja-JP', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });

  it('writes what Intl writes for Japan time, across days, months, years and every hour', () => {
    const samples = [
      '2026-01-01T15:00:00Z', // midnight in Japan: a new year there, not yet in UTC
      '2026-01-02T00:05:00Z',
      '2026-06-30T23:59:59Z',
      '1999-12-31T14:59:59Z',
      '2028-02-28T15:30:00Z', // leap day in Japan
    ].map((iso) => Date.parse(iso));
    // Every hour of two years, at an odd minute.
    for (let t = Date.parse('2025-01-01T00:07:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 3_600_000) samples.push(t);
    for (const t of samples) expect(formatDateTimeJa(t)).toBe(intl.format(new Date(t)));
  });

  it('takes ISO strings, numbers and dates alike', () => {
    expect(formatDateTimeJa('2026-11-26T23:03:00.000Z')).toBe('2026年11月27日 08:03');
    expect(formatDateTimeJa(new Date('2026-11-26T23:03:00.000Z'))).toBe('2026年11月27日 08:03');
  });

  it('refuses an invalid date as the formatter does', () => {
    expect(() => formatDateTimeJa('not a date')).toThrow(RangeError);
    expect(() => intl.format(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('cut', () => {
  /** The rule as written before it stopped counting early: the reference for every case below. */
  const reference = (text: string, max: number) => {
    const chars = Array.from(text);
    return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
  };

  it('keeps a text of at most `max` characters and cuts a longer one at `max`, with an ellipsis', () => {
    expect(cut('縄の感想', 4)).toBe('縄の感想');
    expect(cut('縄の感想です', 4)).toBe('縄の感想…');
    expect(cut('', 3)).toBe('');
  });

  it('counts an emoji or a surrogate pair as one character and never splits it', () => {
    expect(cut('🙂🙂🙂', 3)).toBe('🙂🙂🙂');
    expect(cut('🙂🙂🙂🙂', 3)).toBe('🙂🙂🙂…');
    // Six UTF-16 units but three characters: not cut.
    expect(cut('a🙂b🙂', 4)).toBe('a🙂b🙂');
    expect(cut('𠮷野家の牛丼', 2)).toBe('𠮷野…');
  });

  it('agrees with the rule on texts of every length around the limit', () => {
    const pieces = ['a', 'あ', '🙂', '𠮷', 'e\u0301'];
    for (let length = 0; length < 40; length += 1) {
      const text = Array.from({ length }, (_, i) => pieces[(i * 7 + length) % pieces.length]).join('');
      for (const max of [0, 1, 5, 10, 20, 39]) expect(cut(text, max)).toBe(reference(text, max));
    }
  });
});
