import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it('names the browser with its major version and the operating system of a computer', () => {
    expect(describeUserAgent(UA.chromeMac)).toEqual({ browser: 'Chrome 131', device: 'macOS' });
    expect(describeUserAgent(UA.firefoxWindows)).toEqual({ browser: 'Firefox 133', device: 'Windows' });
    expect(describeUserAgent(UA.edge)).toEqual({ browser: 'Microsoft Edge 131', device: 'Windows' });
    expect(describeUserAgent(UA.chromeLinux)).toEqual({ browser: 'Chrome 131', device: 'Linux' });
  });

  it('names a phone or tablet by its model when the agent says it, else by its system', () => {
    expect(describeUserAgent(UA.safariIphone)).toEqual({ browser: 'Safari 17', device: 'iPhone' });
    expect(describeUserAgent(UA.safariIpad)).toEqual({ browser: 'Safari 17', device: 'iPad' });
    expect(describeUserAgent(UA.chromeAndroid)).toEqual({ browser: 'Chrome 131', device: 'Android' });
  });

  it('knows nothing of an empty, missing or foreign agent', () => {
    for (const ua of [null, undefined, '', '   ', 'curl/8.5.0', 'lightMyRequest', '\u0000\u0001']) {
      expect(describeUserAgent(ua), String(ua)).toEqual({ browser: null, device: null });
    }
  });
});
