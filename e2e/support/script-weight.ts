import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/** The scripts a page fetched, each gzipped as a server would send it, and their sum in KB. */
export interface ScriptWeight {
  scripts: { url: string; gzip: number }[];
  totalKb: number;
}

/**
 * Every script `page` fetches while `open` runs (a navigation and the wait for its screen) and
 * until the network is idle after, gzipped as a server would send it: what a visit downloads.
 */
export async function scriptsFetched(page: Page, open: () => Promise<void>): Promise<ScriptWeight> {
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length })));
  };
  page.on('response', onResponse);
  try {
    await open();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const scripts = await Promise.all(bodies);
  return { scripts, totalKb: Math.round(scripts.reduce((sum, s) => sum + s.gzip, 0) / 102.4) / 10 };
}
