import { NOTICE_TEMPLATE_MESSAGES as m } from '../texts/moderation/noticeTemplates';
import { fillNoticeTemplate, noticeTemplateInputSchema, unknownPlaceholders } from './noticeTemplates';

describe('notice templates (issue 38)', () => {
  it('finds the {…} names that are not placeholders, each once', () => {
    expect(unknownPlaceholders('{対象}は{理由}のため')).toEqual([]);
    expect(unknownPlaceholders('{対象}{名前}{名前}{}')).toEqual(['名前', '']);
  });

  it('fills {対象} and {理由} (the category’s name) and leaves other braces alone', () => {
    expect(fillNoticeTemplate('{対象}は「{理由}」にあたります。{対象}', { target: '「夜」', category: 'spam' })).toBe('「夜」は「スパム」にあたります。「夜」');
    expect(fillNoticeTemplate('{理由}', { target: '', category: null })).toBe('');
  });

  it('refuses an unknown placeholder with the allowed ones named', () => {
    const result = noticeTemplateInputSchema.safeParse({ name: 'a', decision: 'hide', category: null, body: '{だれ}' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(m.unknownPlaceholder('{だれ}', '{対象} {理由}'));
  });
});
