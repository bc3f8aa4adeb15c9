import type { BookingApproval } from '@freight/contracts';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { APPROVALS_KEY, approvalKey, withdrawBooking } from '../api';

/**
 * The booker takes back their booking while it waits for an account admin: asked first, as it
 * cannot be undone (the admins' mailed links stop working); `onWithdrawn` then says so where the
 * button was. A refusal (decided meanwhile) is shown, and the approvals are read again so the page
 * shows what happened.
 */
export function WithdrawRequest({ approval, onWithdrawn }: { approval: BookingApproval; onWithdrawn: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const withdraw = async () => {
    setFailure(null);
    try {
      const { data } = await withdrawBooking(approval.id);
      qc.setQueryData(approvalKey(approval.id), { data });
      onWithdrawn();
    } catch (e) {
      setFailure(e);
    }
    setAsking(false);
    await qc.invalidateQueries({ queryKey: APPROVALS_KEY });
  };

  return (
    <>
      <Button variant="default" color="red" onClick={() => setAsking(true)}>
        {t('approvals.withdraw.button')}
      </Button>
      <ErrorAlert error={failure} />
      {asking && (
        <ConfirmActionDialog
          title={t('approvals.withdraw.title')}
          warning={t('approvals.withdraw.warning')}
          action={t('approvals.withdraw.button')}
          onConfirm={withdraw}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
