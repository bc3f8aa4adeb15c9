import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { guestPageFile, isGuestPage, isLanguage, LANGUAGE_COOKIE } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * The built SPA: assets under /build/ (where the Laravel-style contract puts them), and a page for every other GET that asks
 * for one, so client-side routes load directly: the guest pages (login, public tracking) their
 * own, in the language of the visitor's language cookie, the rest index.html. Unknown /api paths
 * stay JSON 404s.
 */
export async function serveWeb(app: FastifyInstance, config: Config) {
  const hasWeb = existsSync(join(config.WEB_DIST, 'index.html'));
  if (hasWeb) {
    // File names carry content hashes: cache for a year. The pages (below) are never cached, so
    // a new release is picked up at the next page load. A page load fetches dozens of these
    // unchanging files: logged at info they were most of the log (two lines each) and of the
    // server's time writing it, and told an operator nothing; their failures still show (warn).
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      prefix: '/build/',
      index: false,
      immutable: true,
      maxAge: '365d',
      logLevel: 'warn',
    });
  }
  const pageFiles = new Set(hasWeb ? readdirSync(config.WEB_DIST).filter((name) => name.endsWith('.html')) : []);
  /** A guest page's own in the visitor's language, else its English one, else (a build from before them) index.html. */
  const pageFor = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isGuestPage(path)) return 'index.html';
    const language = request.cookies[LANGUAGE_COOKIE];
    const wanted = [isLanguage(language) ? guestPageFile(path, language) : null, guestPageFile(path)];
    return wanted.find((file) => file && pageFiles.has(file)) ?? 'index.html';
  };
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .sendFile(pageFor(request), config.WEB_DIST, { cacheControl: false });
    }
    throw AppError.notFound();
  });
}
