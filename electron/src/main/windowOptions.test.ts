import { mainWindowOptions } from './windowOptions';

describe('main window options', () => {
  it('sets every security preference explicitly', () => {
    const options = mainWindowOptions({ preload: '/app/out/preload/index.js', bounds: { x: 10, y: 20, width: 1200, height: 800 } });
    expect(options.webPreferences).toEqual({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
    expect(options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800, title: 'ひらく運営', show: false });
  });
});
