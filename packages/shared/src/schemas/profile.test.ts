import { TEXTS } from '../texts';
import { deleteProfileImageSchema, profileFormSchema } from './profile';

const firstMessage = (input: unknown) => {
  const result = profileFormSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('profileFormSchema', () => {
  it('needs only a username; every other field may be left out or empty', () => {
    expect(profileFormSchema.parse({ username: 'あや' })).toEqual({ username: 'あや', twitterId: null, gender: null, sexualOrientation: null, role: null });
    expect(profileFormSchema.parse({ username: 'あや', twitterId: '', gender: '', sexualOrientation: null, role: '' })).toMatchObject({ twitterId: null, gender: null });
  });

  it('takes tag ids from form strings or JSON numbers', () => {
    expect(profileFormSchema.parse({ username: 'a', gender: '12', sexualOrientation: 3, role: ' 7 ' })).toMatchObject({ gender: 12, sexualOrientation: 3, role: 7 });
  });

  it('refuses odd tag ids in Japanese', () => {
    expect(firstMessage({ username: 'a', gender: 'abc' })).toBe(TEXTS.profile.tagInvalid('gender'));
    expect(firstMessage({ username: 'a', role: -1 })).toBe(TEXTS.profile.tagInvalid('role'));
    expect(firstMessage({ username: 'a', sexualOrientation: 1.5 })).toBe(TEXTS.profile.tagInvalid('sexualOrientation'));
    expect(firstMessage({ username: 'a', gender: true })).toBe(TEXTS.profile.tagInvalid('gender'));
  });

  it('trims the username and counts emoji as one character each', () => {
    expect(profileFormSchema.parse({ username: '\u3000🐈' + '😀'.repeat(19) + ' ' }).username).toBe('🐈' + '😀'.repeat(19));
    expect(firstMessage({ username: '😀'.repeat(21) })).toBe(TEXTS.profile.usernameTooLong);
    expect(firstMessage({})).toBe(TEXTS.profile.usernameRequired);
    expect(firstMessage({ username: '\u202eあや' })).toBe(TEXTS.profile.usernameInvalidCharacters);
  });

  it('strips one leading @ from the X id and checks the rest', () => {
    expect(profileFormSchema.parse({ username: 'a', twitterId: ' @Aya_2024 ' }).twitterId).toBe('Aya_2024');
    expect(profileFormSchema.parse({ username: 'a', twitterId: 'a'.repeat(15) }).twitterId).toBe('a'.repeat(15));
    expect(profileFormSchema.parse({ username: 'a', twitterId: '@' }).twitterId).toBeNull();
    for (const bad of ['@@aya', 'aya rope', 'a'.repeat(16), 'あや']) {
      expect(firstMessage({ username: 'a', twitterId: bad })).toBe(TEXTS.profile.twitterIdInvalid);
    }
  });
});

describe('deleteProfileImageSchema', () => {
  it('needs a public id', () => {
    expect(deleteProfileImageSchema.safeParse({}).error?.issues[0]?.message).toBe(TEXTS.common.invalidInput);
    expect(deleteProfileImageSchema.parse({ publicId: ' abc ' })).toEqual({ publicId: 'abc' });
  });
});
