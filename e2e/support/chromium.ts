/**
 * Debian's Chromium as every browser here is launched (never a downloaded one): the scenarios'
 * config and the tutorials' recorder.
 */
import { existsSync } from 'node:fs';

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: the same engine
 * without the full browser's windowing, about a tenth less CPU over the same scenarios, and CI's
 * two cores are shared with the unit lanes. Otherwise the full browser, in its headless mode.
 */
export const DEBIAN_CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
