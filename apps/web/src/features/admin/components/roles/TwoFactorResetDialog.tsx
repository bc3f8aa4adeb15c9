import { type StaffUserView, TWO_FACTOR_RESET_REASON_MAX, twoFactorResetRequest } from '@freight/contracts';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../../components/ConfirmPasswordModal';
import { showNotice } from '../../../../components/notices/showNotice';
import { resetTwoFactor } from '../../api/twoFactorResetApi';
import { ReasonDialog } from '../ReasonDialog';

/**
 * Resets a user's lost second factor: the reason is required, kept in the audit log and mailed
 * to the user, who sets a factor up again at their next sign-in. Like a grant of roles, the server
 * asks the super_admin to prove who they are first: the confirmation opens over the dialog.
 */
export function TwoFactorResetDialog({ user, onClose }: { user: StaffUserView; onClose: () => void }) {
  const { t } = useTranslation();
  const proven = useWithPasswordConfirmation((body: Record<string, unknown>) => resetTwoFactor(user.id, body));
  return (
    <>
      <ReasonDialog
        submit={async (body) => {
          const done = await proven.run(body);
          if (done === null) return null;
          showNotice({ color: 'green', message: { key: 'admin.roles.two_factor_reset.done', params: { name: user.name } } });
          return done;
        }}
        schema={twoFactorResetRequest}
        field="reason"
        maxLength={TWO_FACTOR_RESET_REASON_MAX}
        title={t('admin.roles.two_factor_reset.title', { name: user.name })}
        intro={t('admin.roles.two_factor_reset.intro', { name: user.name })}
        label={t('admin.roles.two_factor_reset.reason')}
        submitLabel={t('admin.roles.two_factor_reset.submit')}
        danger
        onClose={onClose}
      />
      {proven.modal}
    </>
  );
}
