import { Modal } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';

/** One version, whole and as it was (earlier versions stay readable), in a dialog titled with its number and state. */
export function VersionModal<V extends { state: 'draft' | 'published' }>({
  query,
  number,
  onClose,
  children,
}: {
  query: UseQueryResult<V>;
  number: number;
  onClose: () => void;
  children: (version: V) => ReactNode;
}) {
  const { t } = useTranslation();
  const v = query.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      title={v ? t('admin.versions.viewing', { number, state: t(`admin.versions.states.${v.state}`) }) : ''}
    >
      <QueryStatus query={query} />
      {v && children(v)}
    </Modal>
  );
}
