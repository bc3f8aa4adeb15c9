import type { Db } from './client';
import { siteNotifications } from './schema';

/** A demo notice, so a newcomer sees the portal's banner (and can close it). */
export async function seedDemoNotices(tx: Db, now: Date) {
  await tx.insert(siteNotifications).values({
    severity: 'info',
    audience: 'customers',
    titleEn: 'Holiday pickups',
    titleEs: 'Recolecciones en días festivos',
    bodyEn: 'Carriers do not pick up on Thanksgiving Day. Book Wednesday pickups by noon to ship before the holiday.',
    bodyEs:
      'Los transportistas no recolectan el Día de Acción de Gracias. Reserve las recolecciones del miércoles antes del mediodía para enviar antes del festivo.',
    startsAt: now,
    endsAt: new Date(now.getTime() + 30 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
}
