import { resolveTxt } from 'node:dns/promises';

/** Reads a name's DNS TXT records: each record as the strings it is made of. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** Answers that mean "no such record", not a failure of the lookup. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/** The real DNS, through the system's resolver (production). */
export const systemTxtResolver: TxtResolver = {
  async resolveTxt(name) {
    try {
      return await resolveTxt(name);
    } catch (error) {
      if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  },
};

/**
 * The TXT records the OpenID provider simulator keeps (set over HTTP, as a DNS admin would publish
 * them): tests and the embedded default prove domains without touching real DNS.
 */
export function simulatorTxtResolver(simulatorRoot: string): TxtResolver {
  return {
    async resolveTxt(name) {
      const res = await fetch(`${simulatorRoot}/dns/${encodeURIComponent(name)}`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`DNS simulator answered ${res.status}`);
      const body = (await res.json()) as { txt?: string[][] };
      return body.txt ?? [];
    },
  };
}
