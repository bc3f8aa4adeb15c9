import type { Country } from '@freight/domain';
import {
  type DeliveryWindowDays,
  deliveryWindowDays,
  deliveryWindowFrom,
  type LearnedWindow,
  laneKey,
  type TransitHistogram,
} from '@freight/domain/analytics';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deliveryWindowsRepository } from './delivery-windows.repository';

/** A process reads the histogram again when its copy is older than this (another process's job may have counted). */
export const CACHE_MAX_AGE_MS = 60_000;

/** Where a shipment goes and who carries it: what its window is looked up by. */
export interface WindowLookup {
  carrierId: string;
  originCountry: string;
  originState: string;
  destinationCountry: Country;
  destinationState: string;
  /** The carrier's promise in business days. */
  promisedDays: number;
  pickupDate: string;
}

interface State {
  /** The learned windows of the lanes with enough history, by "carrier|lane". */
  learned: Map<string, DeliveryWindowDays>;
  loadedAt: number | null;
  loading: Promise<void> | null;
}

/** One copy per database (the app's, or a seed's transaction). */
const states = new WeakMap<Db, State>();

/**
 * The learned windows held in memory, so that a quote looks its rates' windows up without a query
 * (under a microsecond a rate: bench/delivery-window.ts). Read on first use, again by the refresh
 * job of this process, and in the background when older than a minute.
 */
export function windowCache(ctx: Pick<AppContext, 'db' | 'now'>) {
  let state = states.get(ctx.db);
  if (!state) {
    state = { learned: new Map(), loadedAt: null, loading: null };
    states.set(ctx.db, state);
  }
  const s = state;

  async function load() {
    const bars = await deliveryWindowsRepository(ctx.db).bars();
    const histograms = new Map<string, Map<number, number>>();
    for (const b of bars) {
      const key = `${b.carrierId}|${b.lane}`;
      const h = histograms.get(key) ?? new Map<number, number>();
      h.set(b.days, (h.get(b.days) ?? 0) + b.shipments);
      histograms.set(key, h);
    }
    const learned = new Map<string, DeliveryWindowDays>();
    for (const [key, h] of histograms) {
      const w = deliveryWindowDays(h as TransitHistogram, 0);
      if (w.source === 'history') learned.set(key, w);
    }
    s.learned = learned;
    s.loadedAt = ctx.now().getTime();
  }

  function reload(): Promise<void> {
    const run = load().finally(() => {
      if (s.loading === run) s.loading = null;
    });
    s.loading = run;
    return run;
  }

  return {
    reload,

    /** Ready to look up: waits for the first read only; a stale copy is read again in the background. */
    async ready(): Promise<void> {
      if (s.loadedAt === null) return s.loading ?? reload();
      if (!s.loading && ctx.now().getTime() - s.loadedAt > CACHE_MAX_AGE_MS) reload().catch(() => {});
    },

    /** The window of a shipment: its lane's learned one, else the carrier's promise, in days and dates. */
    windowOf(l: WindowLookup): LearnedWindow {
      const key = `${l.carrierId}|${laneKey(l.originCountry, l.originState, l.destinationCountry, l.destinationState)}`;
      const learned = s.learned.get(key);
      const days: DeliveryWindowDays = learned ?? {
        source: 'promise',
        typical_days: l.promisedDays,
        late_days: l.promisedDays,
        sample: 0,
      };
      return deliveryWindowFrom(l.pickupDate, days, l.destinationCountry);
    },
  };
}

/** What a booked shipment's window is read from (a shipments row). */
interface BookedShipment {
  carrierId: string | null;
  status: string;
  originCountry: string;
  originState: string;
  destinationCountry: string;
  destinationState: string;
  transitDays: number;
  pickupDate: string;
}

/**
 * The window a shipment on its way can expect from its pickup date (the tracking pages), when its
 * carrier's lane has a learned one; null otherwise (its estimated delivery already says the
 * carrier's promise), once delivered or canceled, or without a carrier.
 */
export async function expectedWindow(ctx: Pick<AppContext, 'db' | 'now'>, s: BookedShipment): Promise<LearnedWindow | null> {
  if (!s.carrierId || s.status === 'delivered' || s.status === 'canceled') return null;
  const cache = windowCache(ctx);
  await cache.ready();
  const window = cache.windowOf({
    carrierId: s.carrierId,
    originCountry: s.originCountry,
    originState: s.originState,
    destinationCountry: s.destinationCountry as Country,
    destinationState: s.destinationState,
    promisedDays: s.transitDays,
    pickupDate: s.pickupDate,
  });
  return window.source === 'history' ? window : null;
}
