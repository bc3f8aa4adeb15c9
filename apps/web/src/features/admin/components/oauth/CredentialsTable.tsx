import type { CredentialView } from '@freight/contracts';
import { Anchor, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { CredentialsTable } from '../../../../components/integrations/CredentialsTable';
import { RotateCredentialModal } from '../../../../components/integrations/RotateCredentialModal';
import { credentialSecret, ShownOnceSecretModal, type ShownSecret } from '../../../../components/integrations/ShownOnceSecret';
import { paths } from '../../../../lib/paths';
import { afterIntegrationChange, credentialActions, partnerPath } from '../../api/integrationsApi';
import { CredentialCallsButton } from './CredentialCalls';

/** The partner or account a credential belongs to, as a link to its page. */
function OwnerCell({ credential: c }: { credential: CredentialView }) {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to={c.owner.kind === 'partner' ? partnerPath(c.owner.id) : paths.admin.account(c.owner.id)} size="sm">
        {c.owner.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t(`admin.oauth.owner_${c.owner.kind}`)}
      </Text>
    </>
  );
}

/**
 * Staff's credentials table: Rotate (the new secret shown once) and Revoke (after a confirmation;
 * refused from the next request on). `showOwner` adds the partner or account each belongs to.
 */
export function StaffCredentialsTable({
  credentials,
  showOwner,
  caption,
}: {
  credentials: CredentialView[];
  showOwner: boolean;
  caption: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [rotating, setRotating] = useState<CredentialView | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const revoke = useMutation({
    mutationFn: (c: CredentialView) => credentialActions.revoke(c.id),
    onSuccess: () => afterIntegrationChange(client),
  });
  const confirmRevoke = (c: CredentialView) =>
    modals.openConfirmModal({
      title: t('admin.oauth.revoke_title', { name: c.name }),
      children: <Text size="sm">{t('admin.oauth.revoke_body')}</Text>,
      labels: { confirm: t('admin.oauth.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(c),
    });

  return (
    <>
      {revoke.error && <ErrorAlert error={revoke.error} />}
      <CredentialsTable
        credentials={credentials}
        caption={caption}
        owner={showOwner ? (c) => <OwnerCell credential={c} /> : undefined}
        onRotate={setRotating}
        onRevoke={confirmRevoke}
        extraAction={(c) => <CredentialCallsButton credential={c} />}
        revoking={revoke.isPending ? (revoke.variables?.id ?? null) : null}
      />
      {rotating && (
        <RotateCredentialModal
          credential={rotating}
          rotate={(hours) => credentialActions.rotate(rotating.id, hours)}
          onRotated={(issued) => {
            setRotating(null);
            setShown(credentialSecret(t, issued, { subject: issued.credential.name }));
            void afterIntegrationChange(client);
          }}
          onClose={() => setRotating(null)}
        />
      )}
      <ShownOnceSecretModal secret={shown} onClose={() => setShown(null)} />
    </>
  );
}
