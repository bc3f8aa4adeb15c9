import { type StaffUserView, TWO_FACTOR_RESET_REASON_MAX, twoFactorResetRequest } from '@freight/contracts';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../components/notices/showNotice';
import { resetTwoFactor } from '../../api/twoFactorResetApi';
import { ReasonDialog } from '../ReasonDialog';

/**
 * Resets a user's lost second factor: the reason is required, kept in the audit log and mailed
 * to the user, who sets a factor up again at their next sign-in.
 */
export function TwoFactorResetDialog({ user, onClose }: { user: StaffUserView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      submit={async (body) => {
        await resetTwoFactor(user.id, body);
        showNotice({ color: 'green', message: { key: 'admin.roles.two_factor_reset.done', params: { name: user.name } } });
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
  );
}
