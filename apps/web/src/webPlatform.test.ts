import { createWebPlatform } from './webPlatform';

/** The browser tests answer the browser's own dialogs; the web platform must keep using them. */
describe('web platform dialogs', () => {
  const dialogs = { alert: jest.fn<void, [string]>(), confirm: jest.fn<boolean, [string]>() };

  beforeAll(() => {
    Object.assign(globalThis, { window: dialogs });
  });

  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('shows alerts with window.alert', () => {
    createWebPlatform('').alert('登録しました');
    expect(dialogs.alert).toHaveBeenCalledWith('登録しました');
  });

  it.each([true, false])('answers confirm with what window.confirm returned (%s)', async (answer) => {
    dialogs.confirm.mockReturnValueOnce(answer);
    await expect(createWebPlatform('').confirm('削除しますか？')).resolves.toBe(answer);
    expect(dialogs.confirm).toHaveBeenLastCalledWith('削除しますか？');
  });
});
