import { z } from 'zod';

/** How long a super_admin's reason for resetting a user's lost second factor may be. */
export const TWO_FACTOR_RESET_REASON_MAX = 500;

/** POST /api/admin/roles/users/:id/two-factor-reset: always with a reason (audited, and mailed to the user). */
export const twoFactorResetRequest = z.object({
  reason: z
    .string({ error: 'validation.reason_required' })
    .trim()
    .min(1, { error: 'validation.reason_required' })
    .max(TWO_FACTOR_RESET_REASON_MAX, { error: 'validation.reason_too_long' }),
});

/** PUT /api/account/two-factor-rule: whether every user of the account must hold a second factor. */
export const twoFactorRuleRequest = z.object({ required: z.boolean({ error: 'validation.choice' }) });

/** GET/PUT /api/account/two-factor-rule: whether the account requires a second factor of every user. */
export const twoFactorRuleView = z.strictObject({
  required: z.boolean().meta({ description: 'Every user of the account must hold a second factor' }),
});
export type TwoFactorRule = z.output<typeof twoFactorRuleView>;
