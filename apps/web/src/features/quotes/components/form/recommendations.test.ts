import { describe, expect, it } from 'vitest';
import { applySiteType, isAccessorialOverride, isClassOverride } from './recommendations';

describe('site type recommendations', () => {
  it('a residential site recommends residential service and a liftgate; limited access its service', () => {
    expect(applySiteType([], 'delivery', 'business', 'residential').sort()).toEqual(['liftgate_delivery', 'residential_delivery']);
    expect(applySiteType([], 'pickup', 'business', 'limited_access')).toEqual(['limited_access_pickup']);
    expect(applySiteType([], 'pickup', 'business', 'border_crossing_facility')).toEqual([]);
  });

  it('changing the site type follows the new recommendation and keeps other choices', () => {
    const start = applySiteType(['appointment', 'liftgate_pickup'], 'delivery', 'business', 'residential');
    expect(start.sort()).toEqual(['appointment', 'liftgate_delivery', 'liftgate_pickup', 'residential_delivery']);
    const back = applySiteType(start, 'delivery', 'residential', 'limited_access');
    expect(back.sort()).toEqual(['appointment', 'liftgate_pickup', 'limited_access_delivery']);
    // A liftgate the shipper asked for at a business stays.
    expect(applySiteType(['liftgate_delivery'], 'delivery', 'business', 'limited_access')).toContain('liftgate_delivery');
  });

  it('leaving a recommendation is an override; services the site does not speak about are not', () => {
    const sites = { pickup: 'business', delivery: 'residential' } as const;
    expect(isAccessorialOverride('liftgate_delivery', false, sites)).toBe(true);
    expect(isAccessorialOverride('residential_delivery', false, sites)).toBe(true);
    expect(isAccessorialOverride('residential_pickup', true, sites)).toBe(true);
    expect(isAccessorialOverride('liftgate_pickup', true, sites)).toBe(false);
    expect(isAccessorialOverride('liftgate_pickup', false, sites)).toBe(false);
    expect(isAccessorialOverride('appointment', true, sites)).toBe(false);
    expect(isAccessorialOverride('liftgate_delivery', true, sites)).toBe(false);
  });

  it('a chosen class is an override only when it differs from a known density class', () => {
    expect(isClassOverride(85, 100)).toBe(true);
    expect(isClassOverride(100, 100)).toBe(false);
    expect(isClassOverride(undefined, 100)).toBe(false);
    expect(isClassOverride(85, null)).toBe(false);
  });
});
