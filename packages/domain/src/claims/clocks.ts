/**
 * The clocks of a freight claim (Carmack, 49 U.S.C. 14706 and 49 CFR 370): when the shipper must
 * give notice of concealed damage and file, and when the carrier must acknowledge and decide.
 * Dates are ISO 'YYYY-MM-DD' days; a deadline day is included (a claim filed on its last day is on
 * time), and "today" is the delivery place's date, so a clock turns at its midnight.
 */
import { addBusinessDays, addDays, type IsoDate } from '../rating/calendar';
import type { Country } from '../settings';
import { zonedDate } from '../zoned-time';
import type { ClaimKind, ClockState } from './kinds';

/** Concealed damage is noticed within this many business days of delivery at the delivery place. */
export const CONCEALED_DAMAGE_NOTICE_BUSINESS_DAYS = 5;
/** A claim is filed within this many months of delivery (of the day it was due, for a loss). */
export const CLAIM_FILING_MONTHS = 9;
/** The carrier acknowledges a claim within this many days of its filing. */
export const CLAIM_ACKNOWLEDGEMENT_DAYS = 30;
/** The carrier pays, declines or makes a firm offer within this many days of the filing. */
export const CLAIM_DECISION_DAYS = 120;
/** A clock is "due soon" from this many days before its last day, unless the caller says otherwise. */
export const CLAIM_DUE_SOON_DAYS = 7;

const MS_PER_DAY = 86_400_000;
const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate) => dayNumber(to) - dayNumber(from);

/**
 * `months` calendar months after `date`, on the same day of the month, or the month's last day
 * when it has no such day (May 31 + 9 months is the last day of February): a month's end never
 * spills into the next month, which would give the shipper days the rule does not.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export interface ClaimStart {
  kind: ClaimKind;
  /** The day the freight was delivered at the delivery place; null while it never arrived. */
  deliveredOn: IsoDate | null;
  /** The day it should have been delivered: a lost shipment's clock starts there. */
  expectedDeliveryOn: IsoDate | null;
  /** The delivery place's country, whose business days count the concealed-damage notice. */
  country: Country;
}

export interface ShipperDeadlines {
  /** The day the filing clock starts from: the delivery, or the expected delivery of a loss. */
  startsOn: IsoDate;
  /** Last day to give notice of concealed damage; null for the other kinds. */
  noticeDueOn: IsoDate | null;
  /** Last day to file. */
  filingDueOn: IsoDate;
}

/**
 * The shipper's deadlines, or null when the claim has nothing to count from: damage and shortage
 * need a delivery; a loss counts from the delivery day that was expected when nothing arrived.
 */
export function shipperDeadlines(start: ClaimStart): ShipperDeadlines | null {
  const startsOn = start.kind === 'loss' ? (start.deliveredOn ?? start.expectedDeliveryOn) : start.deliveredOn;
  if (!startsOn) return null;
  return {
    startsOn,
    noticeDueOn: start.kind === 'concealed_damage' ? addBusinessDays(startsOn, CONCEALED_DAMAGE_NOTICE_BUSINESS_DAYS, start.country) : null,
    filingDueOn: addMonths(startsOn, CLAIM_FILING_MONTHS),
  };
}

export interface CarrierDeadlines {
  acknowledgementDueOn: IsoDate;
  decisionDueOn: IsoDate;
}

/** The carrier's deadlines, counted in calendar days from the day the claim was filed. */
export function carrierDeadlines(filedOn: IsoDate): CarrierDeadlines {
  return {
    acknowledgementDueOn: addDays(filedOn, CLAIM_ACKNOWLEDGEMENT_DAYS),
    decisionDueOn: addDays(filedOn, CLAIM_DECISION_DAYS),
  };
}

export interface Clock {
  dueOn: IsoDate;
  /** The day what the clock waits for happened; null while it has not. */
  metOn: IsoDate | null;
  state: ClockState;
  /** Met after its last day (a concealed-damage notice given late is still a claim, with a weaker case). */
  late: boolean;
  /** Days left to the last day, today included as 0; negative once overdue; null when met. */
  daysLeft: number | null;
}

/**
 * A clock on `today`: met once its event happened (late when after the last day), else overdue
 * after its last day, due soon within `soonDays` of it, open before.
 */
export function clockOn(dueOn: IsoDate, metOn: IsoDate | null, today: IsoDate, soonDays = CLAIM_DUE_SOON_DAYS): Clock {
  if (metOn) return { dueOn, metOn, state: 'met', late: metOn > dueOn, daysLeft: null };
  const daysLeft = daysBetween(today, dueOn);
  const state: ClockState = daysLeft < 0 ? 'overdue' : daysLeft <= soonDays ? 'due_soon' : 'open';
  return { dueOn, metOn, state, late: false, daysLeft };
}

export interface ClaimClockFacts {
  noticeDueOn: IsoDate | null;
  filingDueOn: IsoDate;
  acknowledgementDueOn: IsoDate;
  decisionDueOn: IsoDate;
  filedOn: IsoDate;
  acknowledgedOn: IsoDate | null;
  decidedOn: IsoDate | null;
}

export interface ClaimClocks {
  /** Concealed damage only: filing the claim is the notice. */
  notice: Clock | null;
  filing: Clock;
  acknowledgement: Clock;
  decision: Clock;
}

/** Every clock of a filed claim at an instant, "today" being the date there in `timeZone` (the delivery place's). */
export function claimClocksAt(claim: ClaimClockFacts, at: Date, timeZone: string, soonDays = CLAIM_DUE_SOON_DAYS): ClaimClocks {
  const today = zonedDate(at, timeZone);
  return {
    notice: claim.noticeDueOn ? clockOn(claim.noticeDueOn, claim.filedOn, today, soonDays) : null,
    filing: clockOn(claim.filingDueOn, claim.filedOn, today, soonDays),
    // A decision answers the claim even when no acknowledgement came before it.
    acknowledgement: clockOn(claim.acknowledgementDueOn, claim.acknowledgedOn ?? claim.decidedOn, today, soonDays),
    decision: clockOn(claim.decisionDueOn, claim.decidedOn, today, soonDays),
  };
}
