import type { CredentialView } from '@freight/contracts';
import { Button, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { credentialCallsQuery } from '../../api/integrationsApi';
import { ApiCallsTable } from '../ApiCallsTable';

/** 'Calls' on a credential's row: its newest logged API calls, in a dialog. */
export function CredentialCallsButton({ credential }: { credential: CredentialView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => setOpen(true)}
        aria-label={t('admin.oauth.calls_named', { name: credential.name })}
      >
        {t('admin.oauth.calls')}
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={t('admin.oauth.calls_title', { name: credential.name })} size="64rem">
          <CallsOf credential={credential} />
        </Modal>
      )}
    </>
  );
}

function CallsOf({ credential }: { credential: CredentialView }) {
  const { t } = useTranslation();
  const query = useQuery(credentialCallsQuery(credential.id));
  if (!query.data) return <QueryStatus query={query} />;
  if (query.data.length === 0) return <Text size="sm">{t('admin.oauth.no_calls')}</Text>;
  return <ApiCallsTable calls={query.data} caption={t('admin.partners.calls_caption', { count: query.data.length })} />;
}
