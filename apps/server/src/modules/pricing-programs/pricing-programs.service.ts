import type {
  PricingImpact,
  PricingPreview,
  PricingProgramData,
  PricingProgramDetail,
  PricingProgramDraftRequest,
  PricingProgramRow,
  PricingProgramStartingPoint,
  PricingProgramVersionDetail,
} from '@freight/contracts';
import type { PricingProgram, ProgramInForce } from '@freight/domain/pricing';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { figureChanges } from '../../versions/figure-diff';
import { contentHash, nextEffectiveDate, publishedNumber, versionInForce, versionView } from '../../versions/versions';
import { type AuditActor, audit } from '../audit/audit';
import { type PreviewQuote, type ProgramsOf, previewPricing } from './pricing-preview';
import { type ProgramsInForce, programsInForceCache } from './programs-in-force';

export type { ProgramsInForce };

import {
  type ProgramRow,
  type ProgramVersionRow,
  type ProgramVersionWithPeople,
  pricingProgramsRepository,
} from './pricing-programs.repository';

/** Which program: the default one (null) or an account's (its id, checked to exist). */
export type ProgramKey = string | null;

/** What an account program starts from before it has a version: nothing of its own (the default program prices it). */
const EMPTY_PROGRAM: PricingProgramData = { rules: [], contract_lanes: [], minimum_margin_cents: 0, minimum_margin_bp: 0 };

/** What a preview vouches for: the program's figures (its note prices nothing). */
const draftHash = (draft: Pick<ProgramVersionRow, 'program'>) => contentHash(draft.program);
const previewedImpact = (draft: ProgramVersionRow): PricingImpact | null =>
  draft.previewedHash !== null && draft.previewedHash === draftHash(draft) ? (draft.previewImpact as PricingImpact) : null;

const inForceOf = (program: ProgramRow, v: ProgramVersionRow | undefined): ProgramInForce | undefined =>
  v && {
    scope: program.isDefault ? 'default' : 'account',
    program_id: program.id,
    version: v.number,
    program: v.program as PricingProgram,
  };

/**
 * Customer pricing programs, versioned as carrier tariffs are: one draft per program, previewed
 * against recent quotes, published for a pickup day, restorable; every write audited in its
 * transaction, with the program's row locked while its versions change.
 * Quoting prices every carrier rate with `programsInForce` (docs/brokerage.md).
 */
export function pricingProgramsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = pricingProgramsRepository(ctx.db);
  const today = () => ctx.now().toISOString().slice(0, 10);
  const inForce = programsInForceCache(ctx, ctx.now, () => repo.inForceVersion());

  async function accountOr404(key: ProgramKey) {
    if (key === null) return null;
    const account = await repo.account(key);
    if (!account) throw AppError.notFound();
    return account;
  }

  const labelOf = (account: { name: string } | null) => (account ? `Pricing program of ${account.name}` : 'Default pricing program');
  const record = (program: ProgramRow, account: { name: string } | null) => ({
    entityType: 'pricing_program',
    entityId: program.id,
    targetLabel: labelOf(account),
    accountId: program.accountId,
  });

  async function detail(key: ProgramKey): Promise<PricingProgramDetail> {
    const account = await accountOr404(key);
    const program = await repo.find(key);
    const versions = program ? await repo.versions([program.id]) : [];
    const day = today();
    const inForce = versionInForce(versions, day);
    const draft = versions.find((v) => v.state === 'draft');
    return {
      id: program?.id ?? null,
      scope: key === null ? 'default' : 'account',
      account_id: key,
      account_name: account?.name ?? null,
      version_in_force: inForce?.number ?? null,
      has_draft: draft !== undefined,
      next_effective_date: nextEffectiveDate(versions, day),
      today: day,
      versions: versions.map((v) => versionView(v, inForce)),
      draft_impact: draft ? previewedImpact(draft) : null,
    };
  }

  /** The program's version in force on `day` (of its published ones), with the program row. */
  async function inForceOn(key: ProgramKey, day: string, tx: Db = ctx.db) {
    const program = await repo.find(key, tx);
    if (!program) return undefined;
    const v = versionInForce(await repo.versions([program.id], tx), day);
    return v && { program, version: v };
  }

  async function programOr404(key: ProgramKey, tx: Db = ctx.db, lock = false) {
    const program = await repo.find(key, tx, lock);
    if (!program) throw AppError.notFound();
    return program;
  }

  /** Versions of several programs as a lookup: program id -> its versions. */
  async function versionsBy(programIds: string[]) {
    const all = await repo.versions(programIds);
    const by = new Map<string, ProgramVersionWithPeople[]>();
    for (const v of all) by.set(v.programId, [...(by.get(v.programId) ?? []), v]);
    return by;
  }

  return {
    async list(): Promise<PricingProgramRow[]> {
      const programs = await repo.all();
      const by = await versionsBy(programs.map((p) => p.id));
      const day = today();
      return programs.map((p) => {
        const own = by.get(p.id) ?? [];
        return {
          id: p.id,
          scope: p.isDefault ? 'default' : 'account',
          account_id: p.accountId,
          account_name: p.accountName,
          version_in_force: versionInForce(own, day)?.number ?? null,
          has_draft: own.some((v) => v.state === 'draft'),
          next_effective_date: nextEffectiveDate(own, day),
        };
      });
    },

    detail,

    async version(key: ProgramKey, number: number): Promise<PricingProgramVersionDetail> {
      const one = await detail(key);
      const view = one.versions.find((v) => v.number === number);
      const row = one.id ? await repo.version(one.id, number) : undefined;
      if (!view || !row) throw AppError.notFound();
      return { ...view, program: row.program as PricingProgramData };
    },

    /** The version in force on a pickup day (404 when none is). */
    async versionOn(key: ProgramKey, day: string): Promise<PricingProgramVersionDetail> {
      await accountOr404(key);
      const found = await inForceOn(key, day);
      if (!found) throw AppError.notFound();
      const one = await detail(key);
      const view = one.versions.find((v) => v.id === found.version.id);
      if (!view) throw AppError.notFound();
      return { ...view, program: found.version.program as PricingProgramData };
    },

    /** What a new draft starts from: the version in force today, or an empty program. */
    async startingPoint(key: ProgramKey): Promise<PricingProgramStartingPoint> {
      await accountOr404(key);
      const found = await inForceOn(key, today());
      return {
        program: (found?.version.program as PricingProgramData | undefined) ?? EMPTY_PROGRAM,
        based_on: found?.version.number ?? null,
      };
    },

    /** Creates or replaces the program's one draft (an account's program is made with its first draft). */
    async saveDraft(actor: AuditActor, key: ProgramKey, body: PricingProgramDraftRequest) {
      const account = await accountOr404(key);
      await ctx.db.transaction(async (tx) => {
        const program = await repo.ensureLocked(tx, key, ctx.now());
        const existing = await repo.draft(program.id, tx);
        const before = existing?.program ?? (await inForceOn(key, today(), tx))?.version.program ?? EMPTY_PROGRAM;
        if (existing) await repo.updateDraft(tx, existing.id, body.program, body.note);
        else
          await repo.insertVersion(tx, {
            programId: program.id,
            number: await repo.nextNumber(tx, program.id),
            program: body.program,
            note: body.note,
            createdBy: actor.id,
            createdAt: ctx.now(),
          });
        const entry = { action: 'pricing_program.draft_saved', ...record(program, account), ...figureChanges(before, body.program) };
        await audit(tx, actor, entry, ctx.now());
      });
      return detail(key);
    },

    async discardDraft(actor: AuditActor, key: ProgramKey) {
      const account = await accountOr404(key);
      await ctx.db.transaction(async (tx) => {
        const program = await programOr404(key, tx, true);
        const draft = await repo.draft(program.id, tx);
        if (!draft) throw AppError.notFound();
        await repo.deleteVersion(tx, draft.id);
        const entry = { action: 'pricing_program.draft_discarded', ...record(program, account), before: { number: draft.number } };
        await audit(tx, actor, entry, ctx.now());
      });
      return detail(key);
    },

    /**
     * The draft against the programs in force, over the newest `count` quotes (the account's, or
     * every account's for the default program). What it found is kept with the hash of the draft
     * it saw (audited), which publishing asks for.
     */
    async preview(actor: AuditActor, key: ProgramKey, count: number): Promise<PricingPreview> {
      const account = await accountOr404(key);
      const program = await programOr404(key);
      const draft = await repo.draft(program.id);
      if (!draft) throw AppError.notFound();
      const stored: PreviewQuote[] = await repo.recentQuotes(key, count);
      const day = today();
      const fallback = await inForceOn(null, day);
      const accountPrograms = await repo.programsOfAccounts([...new Set(stored.map((q) => q.accountId))]);
      const by = await versionsBy(accountPrograms.map((p) => p.id));
      const accountInForce = new Map(
        accountPrograms.map((p) => [p.accountId as string, inForceOf(p, versionInForce(by.get(p.id) ?? [], day))] as const),
      );
      const draftInForce = inForceOf(program, draft);
      const current: ProgramsOf = (accountId) => ({
        account: accountInForce.get(accountId),
        fallback: fallback && inForceOf(fallback.program, fallback.version),
      });
      const next: ProgramsOf = (accountId) =>
        key === null ? { ...current(accountId), fallback: draftInForce } : { ...current(accountId), account: draftInForce };
      const preview = previewPricing(stored, current, next, ctx.now());
      await ctx.db.transaction(async (tx) => {
        // Hashes the draft as read above: were it saved meanwhile, the hashes differ and it needs another preview.
        await repo.markPreviewed(tx, draft.id, draftHash(draft), preview.impact);
        const entry = {
          action: 'pricing_program.previewed',
          ...record(program, account),
          after: { version: draft.number, ...preview.impact },
        };
        await audit(tx, actor, entry, ctx.now());
      });
      return preview;
    },

    /**
     * The draft prices pickups from `effectiveDate` (today or later). Only a draft previewed as it
     * stands is published (409 `pricing_not_previewed`).
     */
    async publish(actor: AuditActor, key: ProgramKey, effectiveDate: string) {
      if (effectiveDate < today()) throw AppError.field('effective_date', 'validation.effective_today_or_after');
      const account = await accountOr404(key);
      await ctx.db.transaction(async (tx) => {
        const program = await programOr404(key, tx, true);
        const draft = await repo.draft(program.id, tx);
        if (!draft) throw AppError.notFound();
        if (!previewedImpact(draft)) throw new AppError(409, 'pricing_not_previewed', 'errors.pricing_not_previewed');
        const before = (await inForceOn(key, today(), tx))?.version;
        const number = publishedNumber(draft.number, await repo.nextNumber(tx, program.id));
        await repo.publish(tx, draft.id, { number, effectiveDate, publishedBy: actor.id, publishedAt: ctx.now() });
        await repo.touch(tx, program.id, ctx.now());
        const changes = figureChanges(before?.program ?? EMPTY_PROGRAM, draft.program);
        await audit(
          tx,
          actor,
          {
            action: 'pricing_program.published',
            ...record(program, account),
            before: { version: before?.number ?? null, ...changes.before },
            after: { version: number, effective_date: effectiveDate, ...changes.after },
          },
          ctx.now(),
        );
      });
      inForce.clear();
      return detail(key);
    },

    /**
     * An earlier version's program becomes the draft (a new number, naming what it restores), to
     * preview and publish like any draft. Refused while another draft waits (409).
     */
    async restore(actor: AuditActor, key: ProgramKey, number: number) {
      const account = await accountOr404(key);
      await ctx.db.transaction(async (tx) => {
        const program = await programOr404(key, tx, true);
        const source = await repo.version(program.id, number, tx);
        if (!source || source.state !== 'published') throw AppError.notFound();
        if (await repo.draft(program.id, tx)) throw new AppError(409, 'conflict', 'errors.pricing_draft_exists');
        const before = (await inForceOn(key, today(), tx))?.version;
        const created = await repo.nextNumber(tx, program.id);
        await repo.insertVersion(tx, {
          programId: program.id,
          number: created,
          program: source.program,
          note: source.note,
          restoredFrom: source.id,
          createdBy: actor.id,
          createdAt: ctx.now(),
        });
        const changes = figureChanges(before?.program ?? EMPTY_PROGRAM, source.program);
        await audit(
          tx,
          actor,
          {
            action: 'pricing_program.restored',
            ...record(program, account),
            before: { version: before?.number ?? null, ...changes.before },
            after: { draft: created, restored_from: number, ...changes.after },
          },
          ctx.now(),
        );
      });
      return detail(key);
    },

    /**
     * The program versions that price an account's pickup on `day`: the account's own and the
     * default one, each the version in force that day (either may be missing). A visitor
     * (`accountId` null) has the default one alone.
     */
    programsInForce(accountId: string | null, day: string): Promise<ProgramsInForce> {
      return inForce.get(accountId, day, async () => {
        const [own, fallback] = await Promise.all([accountId === null ? undefined : inForceOn(accountId, day), inForceOn(null, day)]);
        return { account: own && inForceOf(own.program, own.version), fallback: fallback && inForceOf(fallback.program, fallback.version) };
      });
    },
  };
}
