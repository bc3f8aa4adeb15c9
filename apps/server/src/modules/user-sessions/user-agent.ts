import Bowser from 'bowser';

/** What a person recognises a session by: the browser and the device it runs on. */
export interface DeviceDescription {
  /** Name and major version, such as "Chrome 131"; null when the agent is not a browser we know. */
  browser: string | null;
  /** A phone's or tablet's model when the agent names it ("iPhone"), else the operating system ("macOS"). */
  device: string | null;
}

const UNKNOWN: DeviceDescription = { browser: null, device: null };

/** The browser and device of a User-Agent header; nothing for an empty, unknown or unreadable one. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua.slice(0, 300));
  } catch {
    return UNKNOWN;
  }
  const name = parsed.browser.name?.trim();
  const major = parsed.browser.version?.split('.')[0];
  const browser = name ? (major && /^\d+$/.test(major) ? `${name} ${major}` : name) : null;
  const handheld = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet';
  const device = (handheld && parsed.platform.model?.trim()) || parsed.os.name?.trim() || null;
  return { browser, device };
}
