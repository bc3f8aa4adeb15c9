import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Where the Stripe simulator keeps its objects between runs: one JSON file, replaced whole on each
 * change (a temporary file renamed over it, so a crash mid-write leaves the previous state, never
 * half a file). Without one the simulator lives in memory, as long as its process.
 */
export interface SimStore {
  file: string;
  /** Told when the file cannot be read or written; the simulator goes on in memory either way. */
  warn: (message: string) => void;
}

type Obj = Record<string, unknown> & { id: string };
/** An Idempotency-Key's first answer, with the fingerprint of what was asked. */
export interface Replay {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Everything the simulator knows, in the engine's own collections (filled in place by `restore`). */
export interface SimState {
  objects: Map<string, Obj>;
  secrets: Map<string, string>;
  /** Events not yet acknowledged by the webhook endpoint (the same objects as in `objects`). */
  events: Obj[];
  achDue: Map<string, Date>;
  setUp: Set<string>;
  detached: Set<string>;
  offSession: Set<string>;
  replays: Map<string, Replay>;
}

const VERSION = 1;

interface Saved {
  version: number;
  objects: Obj[];
  secrets: [string, string][];
  pending: string[];
  achDue: [string, string][];
  setUp: string[];
  detached: string[];
  offSession: string[];
  replays: [string, Replay][];
}

const pairs = (v: unknown) => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string');
const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');

function wellFormed(v: unknown): v is Saved {
  const s = v as Partial<Saved> | null;
  return (
    !!s &&
    s.version === VERSION &&
    Array.isArray(s.objects) &&
    s.objects.every((o) => !!o && typeof o === 'object' && typeof (o as Obj).id === 'string') &&
    pairs(s.secrets) &&
    strings(s.pending) &&
    pairs(s.achDue) &&
    strings(s.setUp) &&
    strings(s.detached) &&
    strings(s.offSession) &&
    pairs(s.replays)
  );
}

/**
 * Fills `state` from the store's file. A missing file (the first run) or one that cannot be read
 * or does not hold the simulator's state (cut short, edited by hand, an older format) leaves it
 * empty, with a warning: the simulator starts afresh rather than not at all.
 */
export function restore(store: SimStore, state: SimState) {
  if (!existsSync(store.file)) {
    store.warn(`Stripe simulator: no saved state at ${store.file}; starting empty`);
    return;
  }
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(store.file, 'utf8'));
  } catch (err) {
    store.warn(`Stripe simulator: cannot read ${store.file} (${err instanceof Error ? err.message : String(err)}); starting empty`);
    return;
  }
  if (!wellFormed(saved)) {
    store.warn(`Stripe simulator: ${store.file} does not hold the simulator's state; starting empty`);
    return;
  }
  for (const o of saved.objects) state.objects.set(o.id, o);
  for (const [id, number] of saved.secrets) state.secrets.set(id, number);
  for (const id of saved.pending) {
    const event = state.objects.get(id);
    if (event) state.events.push(event);
  }
  for (const [id, at] of saved.achDue) state.achDue.set(id, new Date(at));
  for (const id of saved.setUp) state.setUp.add(id);
  for (const id of saved.detached) state.detached.add(id);
  for (const id of saved.offSession) state.offSession.add(id);
  for (const [key, replay] of saved.replays) state.replays.set(key, replay);
}

/** Writes `state` to the store's file atomically; a failure is warned about and the simulator goes on. */
export function save(store: SimStore, state: SimState) {
  const saved: Saved = {
    version: VERSION,
    objects: [...state.objects.values()],
    secrets: [...state.secrets],
    pending: state.events.map((e) => e.id),
    achDue: [...state.achDue].map(([id, at]) => [id, at.toISOString()]),
    setUp: [...state.setUp],
    detached: [...state.detached],
    offSession: [...state.offSession],
    replays: [...state.replays],
  };
  const temporary = `${store.file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(store.file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(saved));
    renameSync(temporary, store.file);
  } catch (err) {
    store.warn(`Stripe simulator: cannot save its state to ${store.file} (${err instanceof Error ? err.message : String(err)})`);
  }
}
