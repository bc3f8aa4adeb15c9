import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

// Being written (issue 4): replaced by the module's routes.
export async function documentsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
