import type { CartaPorteVersionView, CustomsItem, ShipmentItemView } from '@freight/contracts';
import {
  type CartaPorteGood,
  type CartaPorteInput,
  type CartaPorteParty,
  cartaPorteXml,
  cfdiDateTime,
  GENERIC_FOREIGN_RFC,
  idCcp,
} from '@freight/domain/customs';
import { addBusinessDays, lookupPlace, PORTS_OF_ENTRY, roadMiles } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { FleetDriver, FleetTruck } from '../../db/schema';
import { AppError } from '../../errors';
import {
  type CartaPorteShipment,
  cartaPorteShipment,
  cartaPorteVersion,
  cartaPorteVersions,
  keepCartaPorte,
  latestCartaPorte,
  mexicanFleet,
} from './carta-porte.repository';
import type { Certifier } from './pac.client';
import { schemaErrors, tariffFraction } from './sat-schemas';

export { isCartaPorteGoodsKey } from './sat-schemas';

/** Who issues the Carta Porte (the provider's Mexican entity, whose certificate the certifier keeps) and through whom. */
export interface CartaPorteRuntime {
  certifier: Certifier;
  issuer: CartaPorteInput['issuer'];
  /** Where a refusal is noted for operators (the certifier's words; the shipper reads a plain message). */
  warn: (facts: Record<string, unknown>, message: string) => void;
}

const runtimes = new WeakMap<object, CartaPorteRuntime>();
/** The certifier and issuer of an app (cartaPorteRoutes sets them), by its context. */
export const registerCartaPorteRuntime = (ctx: AppContext, runtime: CartaPorteRuntime) => runtimes.set(ctx, runtime);

const ALPHA3: Record<string, string> = { MX: 'MEX', US: 'USA', CA: 'CAN' };
const KM_PER_MILE = 1.609344;
const KG_PER_LB = 0.45359237;
/** A good booked before SAT keys were asked: the catalog's own key for "not in the catalog", counted in pieces. */
const UNKNOWN_GOOD = { key: '01010101', unit: 'H87' } as const;

interface Place {
  company: string;
  state: string;
  postal_code: string;
  country: string;
}

/** The same choice for the same shipment: the carrier's dispatch assigns one truck and one driver to a load. */
function assigned<T>(list: readonly T[], shipmentId: string): T | undefined {
  const n = Number.parseInt(shipmentId.replace(/-/g, '').slice(-6), 16);
  return list[n % Math.max(1, list.length)];
}

/** The party abroad: the generic foreign RFC with its country of residence. */
const abroad = (place: Place, where: { state: string; postal_code: string }): CartaPorteParty => ({
  rfc: GENERIC_FOREIGN_RFC,
  name: place.company,
  residency: ALPHA3[place.country],
  state: where.state,
  country: 'MEX',
  postalCode: where.postal_code,
});

/** The goods as the Carta Porte lists them: the declaration's line for each quoted item. */
async function goodsOf(s: CartaPorteShipment): Promise<CartaPorteGood[]> {
  const items = s.items as ShipmentItemView[];
  const declared = (s.customs?.items ?? []) as (CustomsItem & { sat_key?: string; sat_unit?: string | null })[];
  return Promise.all(
    items.map(async (item, n) => {
      const line = declared[n];
      return {
        key: line?.sat_key || UNKNOWN_GOOD.key,
        unit: (line?.sat_unit ?? UNKNOWN_GOOD.unit) as CartaPorteGood['unit'],
        description: item.description,
        quantity: item.quantity,
        weightKg: Math.round(item.weight_lb * item.quantity * KG_PER_LB * 1000) / 1000,
        valueCents: (line?.unit_value_cents ?? 0) * item.quantity,
        currency: s.customs?.currency ?? 'USD',
        fraction: line ? await tariffFraction(line.hs_code) : null,
      };
    }),
  );
}

/**
 * The Carta Porte of a shipment's Mexican leg, assembled from the booking: the leg runs between the
 * Mexican side of the port of entry and the Mexican party's address, with the truck and driver
 * the Mexican carrier dispatches and, into Mexico, the broker's pedimento.
 */
async function cartaPorteInput(ctx: AppContext, s: CartaPorteShipment, issuer: CartaPorteInput['issuer']): Promise<CartaPorteInput> {
  const intoMexico = s.destinationCountry === 'MX';
  if (!s.customs || !s.crossing || (!intoMexico && s.originCountry !== 'MX')) throw AppError.notFound();
  if (intoMexico && !s.customsEntryNumber) throw new AppError(409, 'conflict', 'errors.carta_porte_pedimento');
  const fleet = await mexicanFleet(ctx.db, s.scac);
  const truck: FleetTruck | undefined = fleet && assigned(fleet.trucks, s.id);
  const driver: FleetDriver | undefined = fleet && assigned(fleet.drivers, s.id);
  if (!fleet || !truck || !driver) throw new AppError(409, 'conflict', 'errors.carta_porte_dispatch');
  const port = PORTS_OF_ENTRY[s.crossing.port].across;
  const mexican = (intoMexico ? s.delivery : s.pickup) as Place;
  const foreign = (intoMexico ? s.pickup : s.delivery) as Place;
  const party: CartaPorteParty = {
    rfc: s.customs.tax_id,
    name: mexican.company,
    state: mexican.state,
    country: 'MEX',
    postalCode: mexican.postal_code,
  };
  const place = lookupPlace(mexican.postal_code, 'MX');
  const km = place ? Math.round(roadMiles(port, place) * KM_PER_MILE * 100) / 100 : 1;
  const [first = 1, atBorder = 0] = s.crossing.days ?? [Math.ceil(s.transitDays / 2), 0];
  const atPort = addBusinessDays(s.pickupDate, first + (intoMexico ? atBorder : 0), s.originCountry as 'US' | 'MX');
  const route = intoMexico
    ? { origin: abroad(foreign, port), departure: atPort, destination: party, arrival: s.estimatedDelivery ?? atPort }
    : { origin: party, departure: s.pickupDate, destination: abroad(foreign, port), arrival: atPort };
  return {
    issuer,
    series: 'CP',
    folio: s.bolNumber,
    issuedAt: cfdiDateTime(ctx.now()),
    idCcp: idCcp(s.id),
    direction: intoMexico ? 'Entrada' : 'Salida',
    foreignCountry: ALPHA3[foreign.country] ?? 'USA',
    origin: { ...route.origin, departure: `${route.departure}T08:00:00` },
    destination: { ...route.destination, arrival: `${route.arrival}T17:00:00`, distanceKm: Math.max(1, km) },
    goods: await goodsOf(s),
    pedimento: intoMexico && s.customsEntryNumber ? { number: s.customsEntryNumber, importerRfc: s.customs.tax_id } : null,
    truck: { ...truck, permitType: fleet.permitType, permitNumber: fleet.permitNumber, insurer: fleet.insurer, policy: fleet.policy },
    driver,
  };
}

const pedimentoOf = (xml: string) => /NumPedimento="([^"]*)"/.exec(xml)?.[1] ?? null;

/**
 * The stamped Carta Porte of a shipment (the caller has checked the shipment is the reader's): the
 * newest version kept, or a new one stamped now when there is none, or the pedimento it names or
 * the declaration it was written from has changed since (each version is kept). A certifier that refuses or cannot be reached is a 409
 * saying so; nothing is kept then, and the next download tries again. `version`: that kept version
 * (404 when the shipment never had it).
 */
export async function cartaPorteOf(ctx: AppContext, shipmentId: string, version?: number) {
  if (version !== undefined) {
    // An earlier stamp as it was kept: never stamped again.
    const kept = await cartaPorteVersion(ctx.db, shipmentId, version);
    if (!kept) throw AppError.notFound();
    return kept;
  }
  const runtime = runtimes.get(ctx);
  const shipment = await cartaPorteShipment(ctx.db, shipmentId);
  if (!shipment) throw AppError.notFound();
  const latest = await latestCartaPorte(ctx.db, shipmentId);
  const samePedimento = latest && pedimentoOf(latest.xml) === (shipment.destinationCountry === 'MX' ? shipment.customsEntryNumber : null);
  if (latest && samePedimento && latest.customsVersion === shipment.customsVersion) return latest;
  if (!runtime) throw new AppError(409, 'conflict', 'errors.carta_porte_certifier');
  const input = await cartaPorteInput(ctx, shipment, runtime.issuer);
  const result = await runtime.certifier.issue(cartaPorteXml(input));
  if (!result.ok) {
    runtime.warn({ shipmentId, reason: result.reason }, 'carta porte not stamped');
    throw new AppError(409, 'conflict', 'errors.carta_porte_certifier');
  }
  // What the certifier answers is checked as the SAT would read it before it is kept.
  const errors = await schemaErrors(result.xml);
  if (errors.length) {
    runtime.warn({ shipmentId, errors: errors.slice(0, 3) }, 'stamped carta porte fails the schema');
    throw new AppError(409, 'conflict', 'errors.carta_porte_certifier');
  }
  return keepCartaPorte(ctx.db, {
    shipmentId,
    version: (latest?.version ?? 0) + 1,
    uuid: result.uuid,
    idCcp: input.idCcp,
    xml: result.xml,
    stampedAt: ctx.now(),
    reason: latest ? (samePedimento ? 'correction' : 'pedimento') : null,
    customsVersion: shipment.customsVersion,
  });
}

/** The Carta Porte's kept versions of a shipment (the caller has checked the shipment is the reader's), newest first; none stamped yet is []. */
export async function cartaPorteVersionsOf(ctx: AppContext, shipmentId: string): Promise<CartaPorteVersionView[]> {
  return (await cartaPorteVersions(ctx.db, shipmentId)).map((v) => ({
    version: v.version,
    uuid: v.uuid,
    stamped_at: v.stampedAt.toISOString(),
    reason: v.reason === 'pedimento' || v.reason === 'correction' ? v.reason : null,
    customs_version: v.customsVersion,
  }));
}
