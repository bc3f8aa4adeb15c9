import { settingsPatch } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireSignedIn, signedIn } from '../../plugins/guards';
import { presentUser, usersService } from '../users/users.service';

/**
 * A user's own preferences. Open to users who have not verified
 * their email yet, so they can at least read the portal in their language.
 */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersService(ctx.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .put('/api/settings', { preValidation: requireSignedIn, schema: { body: settingsPatch } }, async (request) => {
      const { user } = signedIn(request);
      const b = request.body;
      await users.updateSettings(
        user.id,
        {
          language: b.language,
          unitSystem: b.unit_system,
          currency: b.currency,
          recordsPerPage: b.records_per_page,
          insurancePreference: b.insurance_preference,
          preferredMode: b.preferred_mode,
          subscriptions: b.subscriptions,
        },
        ctx.now(),
      );
      return { data: presentUser((await users.load(user.id))!) };
    });
}
