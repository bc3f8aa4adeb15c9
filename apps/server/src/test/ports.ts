import { createServer } from 'node:net';

/** Linux hands out ports from 32768 up by default, macOS and Windows from 49152 up. */
const BELOW_EPHEMERAL = { low: 10_000, high: 32_767 };

/**
 * A port on 127.0.0.1 that nothing listens on now, for a test that must name a port before it
 * listens, or listens on it again after closing it. A port from listen(0) lies in the ephemeral
 * range, where, once closed, another test's listen(0) or any outgoing connection may take it
 * before the next listen (EADDRINUSE, seen in CI). Below that range the kernel never assigns a
 * port by itself, so only another explicit listen could collide, and the probe then tries again.
 */
export async function portBelowEphemeral(): Promise<number> {
  for (;;) {
    const candidate = BELOW_EPHEMERAL.low + Math.floor(Math.random() * (BELOW_EPHEMERAL.high - BELOW_EPHEMERAL.low));
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(candidate, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return candidate;
    }
  }
}
