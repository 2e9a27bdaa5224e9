import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './afterFirstPaint';

describe('afterFirstPaint (the app starts once a page rendered by the server has been painted)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('settles in the task after the next frame, not before', async () => {
    let frame: () => void = () => undefined;
    let settled = false;
    const painted = afterFirstPaint((callback) => (frame = callback)).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    frame();
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(0);
    await painted;
    expect(settled).toBe(true);
  });

  it('settles after FIRST_PAINT_WAIT_MS when no frame comes (a hidden tab)', async () => {
    let settled = false;
    const started = afterFirstPaint(() => undefined).then(() => (settled = true));
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await started;
    expect(settled).toBe(true);
  });
});
