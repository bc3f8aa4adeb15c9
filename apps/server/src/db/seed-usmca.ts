import type { UsmcaCertification } from '@freight/contracts';
import { usmcaRepository } from '../modules/usmca/usmca.repository';
import type { Db } from './client';

/**
 * Frontera Trading Co certifies its USMCA goods as their exporter under a blanket certification
 * for the calendar year of the seeding, so the demo's certificates of origin show every element.
 */
export async function seedDemoCertification(tx: Db, owner: { accountId: string; userId: string }, now: Date) {
  const year = now.getUTCFullYear();
  const certification: UsmcaCertification = {
    certifier_role: 'exporter',
    company: 'Frontera Trading Co',
    name: 'Marta Flores',
    title: 'Trade compliance manager',
    address: '2150 S Canalport Ave, Chicago, IL 60608, US',
    phone: '(312) 555-0176',
    email: 'border@demo.test',
    producer: 'various',
    blanket_from: `${year}-01-01`,
    blanket_to: `${year}-12-31`,
  };
  await usmcaRepository(tx).save(owner.accountId, certification, owner.userId, now);
}
