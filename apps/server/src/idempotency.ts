import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The Idempotency-Key header of a booking or a payment: 1 to 100 characters, else 422 on
 * `idempotency_key`. A retry with the same key answers what the first request did (the shipments
 * and payments services keep the key with what they made).
 */
export function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (key.length < 1 || key.length > 100) throw AppError.field('idempotency_key', 'validation.idempotency_key');
  return key;
}
