import type { HsSuggestion } from '@freight/contracts';
import type { AppContext } from '../../context';
import { partCatalogService } from '../part-catalog/part-catalog.service';
import { productsService } from '../products/products.service';

/** A description as the catalogs are matched against it: trimmed, in lower case. */
const fold = (description: string) => description.trim().toLowerCase();

/**
 * The HS code each description is known by: the account's own product of that description (its
 * oldest), else the staff's part described so in English or Spanish. The account's own word comes
 * first: it knows its goods; the part catalog knows commodities in general. A product with a SAT
 * key gives it too, for the Carta Porte of a Mexican lane.
 */
export async function hsSuggestions(ctx: AppContext, accountId: string, descriptions: readonly string[]): Promise<(HsSuggestion | null)[]> {
  const wanted = [...new Set(descriptions.map(fold).filter(Boolean))];
  const [products, parts] = await Promise.all([
    productsService(ctx).hsCodesByDescription(accountId, wanted),
    partCatalogService(ctx).hsCodesByDescription(wanted),
  ]);
  // Each list comes oldest first and a later entry overwrites an earlier one: read backwards, the
  // oldest of a description is kept; products after parts, so a product wins over any part.
  const known = new Map<string, HsSuggestion>();
  for (const p of [...parts].reverse())
    for (const d of [p.descriptionEs, p.descriptionEn]) known.set(fold(d), { hs_code: p.hsCode, source: 'part' });
  for (const p of [...products].reverse())
    known.set(fold(p.description), { hs_code: p.hsCode, source: 'product', ...(p.sat ? { sat_key: p.sat } : {}) });
  return descriptions.map((d) => known.get(fold(d)) ?? null);
}
