import { isScac, normaliseCarrierName, normaliseScac } from '@freight/domain';
import type { Db } from '../../db/client';
import { type CarrierRow, scacAliasesRepository } from './scac-aliases.repository';

export type { CarrierRow } from './scac-aliases.repository';

/** How an inbound message's carrier was recognised. */
export type MatchedBy = 'scac' | 'scac_alias' | 'name' | 'name_alias';

/** What an inbound message (a tracking post, a carrier invoice) says about who sent it. */
export interface CarrierIdentity {
  scac?: string | null;
  name?: string | null;
}

/**
 * The carriers an inbound message means, the one rule tracking posts and carrier
 * invoices share: its SCAC as a carrier's own (one carrier per mode may share a SCAC), else as a
 * SCAC alias; failing both, its carrier name as a carrier's name, else as a name alias. Empty
 * when nothing matches: the caller records an 'unknown_scac' incident.
 */
export async function resolveCarriers(db: Db, who: CarrierIdentity): Promise<{ carriers: CarrierRow[]; matchedBy: MatchedBy | null }> {
  const repo = scacAliasesRepository(db);
  const scac = who.scac ? normaliseScac(who.scac) : '';
  if (isScac(scac)) {
    const own = await repo.carriersWithScac(scac);
    if (own.length) return { carriers: own, matchedBy: 'scac' };
    const aliased = await repo.carriersAliased('scac', scac);
    if (aliased.length) return { carriers: aliased, matchedBy: 'scac_alias' };
  }
  const name = who.name ? normaliseCarrierName(who.name).slice(0, 100) : '';
  if (name) {
    const named = await repo.carriersNamed(name);
    if (named.length) return { carriers: named, matchedBy: 'name' };
    const aliased = await repo.carriersAliased('name', name);
    if (aliased.length) return { carriers: aliased, matchedBy: 'name_alias' };
  }
  return { carriers: [], matchedBy: null };
}
