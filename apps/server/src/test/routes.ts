import type { FastifyInstance } from 'fastify';

/** Every route the app registers with its methods (HEAD left out), from Fastify's printed route tree. */
export function routeTable(app: FastifyInstance) {
  const stack: string[] = [];
  const found: { method: string; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    if (!m[3]) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') found.push({ method, path });
  }
  return found;
}
