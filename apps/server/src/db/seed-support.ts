import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { shipments, supportCannedAnswers, supportConversations, supportMessages, users } from './schema';

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Answers the demo desk starts with, in both languages. */
const CANNED = [
  {
    title: 'Pickup rescheduled',
    bodyEn:
      'The carrier could not make the pickup today. We rescheduled it for the next business day; you will receive the new pickup confirmation by email.',
    bodyEs:
      'El transportista no pudo hacer la recolección hoy. La reprogramamos para el siguiente día hábil; recibirá la nueva confirmación de recolección por correo.',
  },
  {
    title: 'Reweigh explained',
    bodyEn:
      'The carrier reweighed the freight at its terminal and found a different weight, so the invoice was corrected. We can open a dispute if you have the scale ticket.',
    bodyEs:
      'El transportista volvió a pesar la carga en su terminal y encontró un peso distinto, por lo que se corrigió la factura. Podemos abrir una disputa si tiene el ticket de báscula.',
  },
  {
    title: 'Delivery appointment',
    bodyEn:
      'We asked the carrier to call the consignee and set a delivery appointment. An appointment carries an extra charge, shown on your invoice.',
    bodyEs:
      'Pedimos al transportista que llame al destinatario para fijar una cita de entrega. La cita tiene un cargo adicional, que verá en su factura.',
  },
  {
    title: 'Thanks, closing',
    bodyEn: 'Glad we could help. I am closing this conversation; write here any time and it opens again.',
    bodyEs: 'Nos alegra haber ayudado. Cierro esta conversación; escriba aquí cuando quiera y se volverá a abrir.',
  },
];

/**
 * The demo support desk: canned answers, and conversations in every state, so the chat
 * and the staff inbox are not empty on a newcomer's first start.
 */
export async function seedDemoSupport(tx: Db, now: Date) {
  const people = await tx
    .select({ id: users.id, email: users.email, accountId: users.accountId })
    .from(users)
    .where(inArray(users.email, ['shipper@demo.test', 'other@demo.test', 'ops@demo.test']));
  const by = (email: string) => people.find((p) => p.email === email);
  const shipper = by('shipper@demo.test');
  const other = by('other@demo.test');
  const ops = by('ops@demo.test');
  await tx.insert(supportCannedAnswers).values(CANNED.map((c) => ({ ...c, createdBy: ops?.id ?? null, createdAt: now })));
  // A database whose demo users came from an earlier release without them gets the answers only.
  if (!shipper || !other || !ops) return;
  const staffId = ops.id;
  const [shipment] = await tx
    .select({ id: shipments.id, bol: shipments.bolNumber })
    .from(shipments)
    .where(and(eq(shipments.accountId, shipper.accountId!), eq(shipments.status, 'in_transit')))
    .orderBy(asc(shipments.createdAt))
    .limit(1);

  type Line = { from: 'customer' | 'staff' | 'note'; body: string; minutesAgo: number };
  async function conversation(
    customer: { id: string; accountId: string | null },
    c: {
      category: 'shipping' | 'quoting' | 'billing' | 'other';
      state: 'open' | 'waiting' | 'resolved';
      assignee?: string;
      shipment?: { id: string; bol: string };
    },
    lines: Line[],
  ) {
    const at = (line: Line) => minutesBefore(now, line.minutesAgo);
    const last = (from: Line['from']) => lines.filter((l) => l.from === from).at(-1);
    const lastCustomer = last('customer');
    const lastStaff = last('staff');
    const [row] = await tx
      .insert(supportConversations)
      .values({
        accountId: customer.accountId!,
        userId: customer.id,
        category: c.category,
        state: c.state,
        subject: lines[0]!.body.slice(0, 120),
        reference: c.shipment?.bol ?? null,
        shipmentId: c.shipment?.id ?? null,
        assigneeId: c.assignee ?? null,
        lastMessageAt: at(lines.filter((l) => l.from !== 'note').at(-1)!),
        lastCustomerMessageAt: lastCustomer ? at(lastCustomer) : null,
        lastStaffMessageAt: lastStaff ? at(lastStaff) : null,
        customerReadAt: lastCustomer ? at(lastCustomer) : null,
        staffReadAt: lastStaff ? at(lastStaff) : null,
        firstResponseAt: lines.find((l) => l.from === 'staff') ? at(lines.find((l) => l.from === 'staff')!) : null,
        resolvedAt: c.state === 'resolved' ? at(lines.at(-1)!) : null,
        createdAt: at(lines[0]!),
      })
      .returning();
    await tx.insert(supportMessages).values(
      lines.map((l) => ({
        conversationId: row!.id,
        authorId: l.from === 'customer' ? customer.id : staffId,
        fromStaff: l.from !== 'customer',
        internal: l.from === 'note',
        body: l.body,
        createdAt: at(l),
      })),
    );
  }

  await conversation(shipper, { category: 'shipping', state: 'waiting', assignee: ops.id, shipment }, [
    { from: 'customer', body: 'Hi, this shipment has not moved since yesterday. Can you check with the carrier?', minutesAgo: 180 },
    { from: 'note', body: 'Called the terminal: trailer is loaded, departs tonight.', minutesAgo: 120 },
    {
      from: 'staff',
      body: 'I checked with the carrier: the trailer leaves the terminal tonight and delivery is still on schedule.',
      minutesAgo: 110,
    },
  ]);
  await conversation(shipper, { category: 'billing', state: 'resolved', assignee: ops.id }, [
    { from: 'customer', body: 'Why was there a reweigh charge on my last invoice?', minutesAgo: 3 * 24 * 60 },
    { from: 'staff', body: CANNED[1]!.bodyEn, minutesAgo: 3 * 24 * 60 - 40 },
    { from: 'customer', body: 'Understood, thank you.', minutesAgo: 3 * 24 * 60 - 30 },
    { from: 'staff', body: CANNED[3]!.bodyEn, minutesAgo: 3 * 24 * 60 - 25 },
  ]);
  await conversation(other, { category: 'quoting', state: 'open' }, [
    { from: 'customer', body: 'Do you have rates for a 14-pallet load from Dallas to Atlanta next week?', minutesAgo: 35 },
  ]);
}
