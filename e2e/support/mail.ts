import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const logFile = join(import.meta.dirname, '../.artifacts/server.log');

/** The links of the latest mail sent to `to`, read from the server's outbox log lines. */
export async function latestMailLinks(to: string): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      () => {
        const lines = readFileSync(logFile, 'utf8').split('\n');
        for (const line of lines.reverse()) {
          if (!line.startsWith('{')) continue;
          try {
            const entry = JSON.parse(line) as { mail?: { to: string; links: string[] } };
            if (entry.mail?.to === to.toLowerCase()) {
              links = entry.mail.links;
              return links.length;
            }
          } catch {
            // not a JSON log line
          }
        }
        return 0;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return links;
}
