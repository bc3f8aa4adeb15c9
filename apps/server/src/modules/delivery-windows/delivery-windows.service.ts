/**
 * The delivery windows' entry for other modules: the in-memory windows a quote's rates are looked
 * up in, and a booked shipment's expected window for the tracking pages (docs/delivery-windows.md).
 */
export { expectedWindow, windowCache } from './window-cache';
