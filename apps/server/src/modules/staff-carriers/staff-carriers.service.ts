import type {
  StaffCarrierDetail,
  StaffCarrierRow,
  TariffDraftRequest,
  TariffPreview,
  TariffStartingPoint,
  TariffVersionDetail,
  TariffVersionView,
} from '@freight/contracts';
import { normalizeTruckloadTariff } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { figureChanges as tariffChanges } from '../../versions/figure-diff';
import { nextEffectiveDate, publishedNumber, versionInForce, versionView } from '../../versions/versions';
import { type AuditActor, audit } from '../audit/audit';
import { equipmentCatalog, specOf } from '../equipment-types/equipment-types.service';
import { type CarrierRow, staffCarriersRepository } from './staff-carriers.repository';
import { PREVIEW_QUOTES, previewTariff } from './tariff-preview';
import { tariffProblem } from './tariff-probe';
import { draftHash, impactOf, previewedImpact, requirePreviewed } from './tariff-review';

const WEEK_MS = 7 * 86_400_000;
/** A tariff in the shape the editor knows: truckload tariffs stored per equipment read as one base rate. */
const editable = (carrier: CarrierRow, tariff: unknown) =>
  carrier.mode === 'truckload' ? normalizeTruckloadTariff(tariff as Parameters<typeof normalizeTruckloadTariff>[0]) : tariff;
/**
 * The staff's carriers: a carrier's tariff changes as a draft, previewed
 * against its last real quotes, published for a day, and restorable; switched on and off. Every
 * write is audited in its transaction; the carrier row is locked while its versions change, and
 * its `updated_at` is touched so every process's rating cache reads the versions again.
 */
export function staffCarriersService(ctx: AppContext) {
  const repo = staffCarriersRepository(ctx.db);
  const today = () => ctx.now().toISOString().slice(0, 10);

  async function rows(only?: CarrierRow): Promise<{ row: StaffCarrierRow; versions: TariffVersionView[] }[]> {
    const list = only ? [only] : await repo.all();
    const [week, versions] = await Promise.all([
      repo.week(new Date(ctx.now().getTime() - WEEK_MS)),
      repo.versions(only ? [only.id] : null),
    ]);
    const day = today();
    return list.map((c) => {
      const own = versions.filter((v) => v.carrierId === c.id);
      const inForce = versionInForce(own, day);
      return {
        row: {
          id: c.id,
          name: c.name,
          scac: c.scac,
          mode: c.mode,
          active: c.active,
          quotes_last_week: week.quotesOfMode.get(c.mode) ?? 0,
          quotes_won_last_week: week.won.get(c.id) ?? 0,
          open_incidents: week.openIncidents.get(c.id) ?? 0,
          tracking: c.trackingSecret ? 'signed_events' : ctx.config.demoTracking ? 'polled' : 'none',
          version_in_force: inForce?.number ?? null,
          has_draft: own.some((v) => v.state === 'draft'),
          next_effective_date: nextEffectiveDate(own, day),
          quoting_paused_at: c.quotingPausedAt?.toISOString() ?? null,
          quoting_pause_reason: c.quotingPausedAt ? c.quotingPauseReason : null,
        },
        versions: own.map((v) => versionView(v, inForce)),
      };
    });
  }

  async function carrierOr404(id: string, tx: Db = ctx.db, lock = false) {
    const carrier = await repo.find(id, tx, lock);
    if (!carrier) throw AppError.notFound();
    return carrier;
  }

  /** The published version in force today (its tariff and fuel), or the carrier's own copy before any version. */
  async function inForceToday(carrier: CarrierRow, tx: Db = ctx.db) {
    const v = versionInForce(await repo.versions([carrier.id], tx), today());
    return v ? { tariff: v.tariff, fuelBp: v.fuelBp, number: v.number } : { tariff: carrier.tariff, fuelBp: carrier.fuelBp, number: null };
  }

  async function refuseUnsound(carrier: CarrierRow, draft: TariffDraftRequest) {
    const problem = await tariffProblem(carrier, draft);
    if (problem) throw new AppError(422, 'validation', 'validation.invalid', problem.params, { tariff: [problem.key] });
  }

  /** Marks the carrier changed for every process's rating cache (and, when `tariff` is given, its copy in force today). */
  async function touch(tx: Db, carrier: CarrierRow, inForce?: { tariff: unknown; fuelBp: number }) {
    await repo.updateCarrier(tx, carrier.id, {
      updatedAt: ctx.now(),
      ...(inForce ? { tariff: inForce.tariff, fuelBp: inForce.fuelBp } : {}),
    });
  }

  async function detail(id: string): Promise<StaffCarrierDetail> {
    const [one] = await rows(await carrierOr404(id));
    if (!one) throw AppError.notFound();
    const draft = await repo.draft(id);
    return { ...one.row, versions: one.versions, draft_impact: draft ? previewedImpact(draft) : null };
  }

  return {
    list: async () => (await rows()).map((r) => r.row),

    detail,

    async version(id: string, number: number): Promise<TariffVersionDetail> {
      const carrier = await carrierOr404(id);
      const [one] = await rows(carrier);
      const view = one?.versions.find((v) => v.number === number);
      const row = await repo.version(id, number);
      if (!view || !row) throw AppError.notFound();
      return { ...view, mode: carrier.mode, tariff: editable(carrier, row.tariff), fuel_bp: row.fuelBp };
    },

    /** The tariff a new draft starts from: the one in force today. */
    async startingPoint(id: string): Promise<TariffStartingPoint> {
      const carrier = await carrierOr404(id);
      const current = await inForceToday(carrier);
      return { mode: carrier.mode, tariff: editable(carrier, current.tariff), fuel_bp: current.fuelBp, based_on: current.number };
    },

    /** Creates or replaces the carrier's one draft. A tariff that prices a probe shipment absurdly is refused (422). */
    async saveDraft(actor: AuditActor, id: string, body: TariffDraftRequest) {
      const carrier = await carrierOr404(id);
      if (body.mode !== carrier.mode) throw AppError.field('mode', 'validation.tariff_mode');
      await refuseUnsound(carrier, body);
      await ctx.db.transaction(async (tx) => {
        const locked = await carrierOr404(id, tx, true);
        const existing = await repo.draft(id, tx);
        const before = existing?.tariff ?? (await inForceToday(locked, tx)).tariff;
        // A saved draft is a new one to preview: publishing needs a preview of what it now holds.
        const values = { tariff: body.tariff, fuelBp: body.fuel_bp, note: body.note, previewedHash: null, previewImpact: null };
        if (existing) await repo.updateVersion(tx, existing.id, values);
        else
          await repo.insertVersion(tx, {
            ...values,
            carrierId: id,
            number: await repo.nextNumber(tx, id),
            createdBy: actor.id,
            createdAt: ctx.now(),
          });
        await audit(
          tx,
          actor,
          {
            action: 'carrier.tariff_draft_saved',
            entityType: 'carrier',
            entityId: id,
            targetLabel: locked.name,
            ...tariffChanges(before, body.tariff),
          },
          ctx.now(),
        );
      });
      return detail(id);
    },

    async discardDraft(actor: AuditActor, id: string) {
      await ctx.db.transaction(async (tx) => {
        await carrierOr404(id, tx, true);
        const draft = await repo.draft(id, tx);
        if (!draft) throw AppError.notFound();
        await repo.deleteVersion(tx, draft.id);
        await audit(
          tx,
          actor,
          { action: 'carrier.tariff_draft_discarded', entityType: 'carrier', entityId: id, before: { number: draft.number } },
          ctx.now(),
        );
      });
      return detail(id);
    },

    /**
     * The draft against the tariff in force, over the carrier's last real quotes. What it found is
     * kept with the hash of the draft it saw (audited), which publishing asks for.
     */
    async preview(actor: AuditActor, id: string): Promise<TariffPreview> {
      const carrier = await carrierOr404(id);
      const draft = await repo.draft(id);
      if (!draft) throw AppError.notFound();
      const current = await inForceToday(carrier);
      const stored = await repo.recentQuotesRatedBy(carrier, PREVIEW_QUOTES);
      const catalog = equipmentCatalog(ctx.db, ctx.now);
      const equipmentOf = async (code: string) => {
        const row = await catalog.byCode(code);
        return row && specOf(row);
      };
      const preview = await previewTariff(carrier, current, { tariff: draft.tariff, fuelBp: draft.fuelBp }, stored, equipmentOf);
      const impact = impactOf(preview, ctx.now());
      await ctx.db.transaction(async (tx) => {
        // Hashes the draft as read above: were it saved meanwhile, the hashes differ and it needs another preview.
        await repo.markPreviewed(tx, draft.id, draftHash(draft), impact);
        const entry = { action: 'carrier.tariff_previewed', entityType: 'carrier', entityId: id, targetLabel: carrier.name };
        await audit(tx, actor, { ...entry, after: { version: draft.number, ...impact } }, ctx.now());
      });
      return { ...preview, impact };
    },

    /**
     * The draft rates from `effectiveDate` (today or later); a quote made before keeps what it was
     * rated with. Only a draft previewed as it stands is published (409 `tariff_not_previewed`).
     */
    async publish(actor: AuditActor, id: string, effectiveDate: string) {
      if (effectiveDate < today()) throw AppError.field('effective_date', 'validation.effective_today_or_after');
      await ctx.db.transaction(async (tx) => {
        const carrier = await carrierOr404(id, tx, true);
        const draft = await repo.draft(id, tx);
        if (!draft) throw AppError.notFound();
        requirePreviewed(draft);
        const before = await inForceToday(carrier, tx);
        const number = publishedNumber(draft.number, await repo.nextNumber(tx, id));
        await repo.updateVersion(tx, draft.id, {
          number,
          state: 'published',
          effectiveDate,
          publishedBy: actor.id,
          publishedAt: ctx.now(),
        });
        const startsToday = effectiveDate === today();
        await touch(tx, carrier, startsToday ? { tariff: draft.tariff, fuelBp: draft.fuelBp } : undefined);
        await audit(
          tx,
          actor,
          {
            action: 'carrier.tariff_published',
            entityType: 'carrier',
            entityId: id,
            targetLabel: carrier.name,
            before: { version: before.number, ...tariffChanges(before.tariff, draft.tariff).before },
            after: { version: number, effective_date: effectiveDate, ...tariffChanges(before.tariff, draft.tariff).after },
          },
          ctx.now(),
        );
      });
      return detail(id);
    },

    /**
     * An earlier version's tariff becomes the carrier's draft (a new number, naming what it restores),
     * to preview and publish like any draft: going back changes prices as much as going forward.
     * Refused while another draft waits (409), so nobody's unpublished work is overwritten.
     */
    async restore(actor: AuditActor, id: string, number: number) {
      await ctx.db.transaction(async (tx) => {
        const carrier = await carrierOr404(id, tx, true);
        const source = await repo.version(id, number, tx);
        if (!source || source.state !== 'published') throw AppError.notFound();
        if (await repo.draft(id, tx)) throw new AppError(409, 'conflict', 'errors.tariff_draft_exists');
        const before = await inForceToday(carrier, tx);
        const created = await repo.nextNumber(tx, id);
        await repo.insertVersion(tx, {
          carrierId: id,
          number: created,
          tariff: source.tariff,
          fuelBp: source.fuelBp,
          note: source.note,
          restoredFrom: source.id,
          createdBy: actor.id,
          createdAt: ctx.now(),
        });
        const changes = tariffChanges(before.tariff, source.tariff);
        await audit(
          tx,
          actor,
          {
            action: 'carrier.tariff_restored',
            entityType: 'carrier',
            entityId: id,
            targetLabel: carrier.name,
            before: { version: before.number, ...changes.before },
            after: { draft: created, restored_from: number, ...changes.after },
          },
          ctx.now(),
        );
      });
      return detail(id);
    },

    async setActive(actor: AuditActor, id: string, active: boolean) {
      await ctx.db.transaction(async (tx) => {
        const carrier = await carrierOr404(id, tx, true);
        if (carrier.active === active) return;
        await repo.updateCarrier(tx, id, { active, updatedAt: ctx.now() });
        await audit(
          tx,
          actor,
          {
            action: active ? 'carrier.activated' : 'carrier.deactivated',
            entityType: 'carrier',
            entityId: id,
            targetLabel: carrier.name,
            before: { active: carrier.active },
            after: { active },
          },
          ctx.now(),
        );
      });
      return detail(id);
    },
  };
}
