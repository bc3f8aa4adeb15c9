import type { CustomsView, PlaceView, UsmcaCertification, UsmcaCertificationSnapshot, UsmcaCertificationView } from '@freight/contracts';
import { blanketCovers } from '@freight/domain/customs';
import type { Db } from '../../db/client';
import { type AuditActor, audit } from '../audit/audit';
import { type UsmcaCertificationRow, usmcaRepository } from './usmca.repository';

/** The certification as the settings page and the API read it. */
function present(row: UsmcaCertificationRow, by: { firstName: string | null; lastName: string | null }): UsmcaCertificationView {
  return {
    certifier_role: row.certifierRole,
    company: row.company,
    name: row.name,
    title: row.title,
    address: row.address,
    phone: row.phone,
    email: row.email,
    producer: row.producer,
    blanket_from: row.blanketFrom ?? '',
    blanket_to: row.blanketTo ?? '',
    updated_at: row.updatedAt.toISOString(),
    updated_by: by.firstName ? { name: `${by.firstName} ${by.lastName ?? ''}`.trim() } : null,
  };
}

/** A place on one line (street and numbers, colonia, city, state and postal code, country): the certifier's address. */
const addressLine = (p: PlaceView) =>
  [
    [p.street1, p.exterior_number, p.interior_number && `Int. ${p.interior_number}`].filter(Boolean).join(' '),
    p.street2,
    p.neighborhood,
    p.city,
    [p.state, p.postal_code].filter(Boolean).join(' '),
    p.country,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * An account's USMCA certification of origin (settings) and what a booking signs under. Other
 * modules use it through this file.
 */
export function usmcaService(db: Db) {
  const repo = usmcaRepository(db);
  return {
    async get(accountId: string): Promise<UsmcaCertificationView | null> {
      const found = await repo.find(accountId);
      return found ? present(found.certification, found) : null;
    },

    /** Sets the account's certification, audited in the account's activity (it signs what crosses from now on). */
    async save(actor: AuditActor, accountId: string, body: UsmcaCertification, at: Date): Promise<UsmcaCertificationView> {
      const before = await this.get(accountId);
      await db.transaction(async (tx) => {
        await usmcaRepository(tx as Db).save(accountId, body, actor.id, at);
        await audit(
          tx as Db,
          actor,
          {
            action: 'account.usmca_certification',
            entityType: 'account',
            entityId: accountId,
            accountId,
            targetLabel: body.company,
            shownToAccount: true,
            before: before && { ...before, updated_at: undefined, updated_by: undefined },
            after: body,
          },
          at,
        );
      });
      return (await this.get(accountId))!;
    },

    /**
     * The declaration a booking stores: with a USMCA claim, the certification it is signed under
     * on `signedOn` (usmcaCertificationSnapshot); else as it is.
     */
    async certified(
      customs: CustomsView,
      booking: { accountId: string; userId: string; exporter: PlaceView; pickupDate: string; signedOn: string },
    ): Promise<CustomsView> {
      if (!customs.items.some((i) => i.usmca)) return { ...customs, certification: null };
      const found = await repo.find(booking.accountId);
      if (found) {
        const { updated_at: _at, updated_by: _by, ...c } = present(found.certification, found);
        const covered = c.blanket_from && c.blanket_to && blanketCovers({ from: c.blanket_from, to: c.blanket_to }, booking.pickupDate);
        return {
          ...customs,
          certification: {
            ...c,
            blanket_from: covered ? c.blanket_from : '',
            blanket_to: covered ? c.blanket_to : '',
            signed_on: booking.signedOn,
          } satisfies UsmcaCertificationSnapshot,
        };
      }
      const booker = await repo.booker(booking.userId);
      const p = booking.exporter;
      return {
        ...customs,
        certification: {
          certifier_role: 'exporter',
          company: p.company,
          name: booker ? `${booker.firstName} ${booker.lastName}`.trim() : '',
          title: '',
          address: addressLine(p),
          phone: booker?.phone || p.phone || '',
          email: booker?.email ?? p.email ?? '',
          producer: 'on_request',
          blanket_from: '',
          blanket_to: '',
          signed_on: booking.signedOn,
        },
      };
    },
  };
}
