import { type ScacAliasView, scacAliasRequest } from '@freight/contracts';
import { SCAC_ALIAS_KINDS } from '@freight/domain';
import { Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { carrierOptionsQuery, saveAlias } from '../../api/carrierMessagesApi';

type Values = { kind: 'scac' | 'name'; alias: string; carrier_id: string; note: string };

/** Adds an alias (no `alias`) or edits one: another SCAC or a carrier name, and the carrier it means. */
export function AliasDialog({
  alias,
  onSaved,
  onClose,
}: {
  alias: ScacAliasView | null;
  onSaved: (a: ScacAliasView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const carriers = useQuery(carrierOptionsQuery());
  const form = useForm<Values>({
    initialValues: { kind: alias?.kind ?? 'scac', alias: alias?.alias ?? '', carrier_id: alias?.carrier.id ?? '', note: alias?.note ?? '' },
  });
  const save = useMutation({
    mutationFn: (v: Values) => saveAlias(alias?.id ?? null, v),
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
    onError: (e) => setServerErrors(form, e),
  });
  const title = alias ? t('admin.scac_aliases.edit') : t('admin.scac_aliases.add');
  const scac = form.values.kind === 'scac';
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((v) => {
          const errors = zodErrors(scacAliasRequest, t, v);
          if (Object.keys(errors).length) form.setErrors(errors);
          else save.mutate(v);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={save.error} fields={form} />
          <div>
            <Text size="sm" fw={500} mb={4} id="alias-kind-label">
              {t('admin.scac_aliases.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="alias-kind-label"
              fullWidth
              data={SCAC_ALIAS_KINDS.map((k) => ({ value: k, label: t(`admin.scac_aliases.kinds.${k}`) }))}
              {...form.getInputProps('kind')}
            />
          </div>
          <TextInput
            label={scac ? t('admin.scac_aliases.alias_scac') : t('admin.scac_aliases.alias_name')}
            description={scac ? t('admin.scac_aliases.alias_scac_hint') : t('admin.scac_aliases.alias_name_hint')}
            withAsterisk
            maxLength={scac ? 4 : 100}
            styles={scac ? { input: { textTransform: 'uppercase' } } : undefined}
            {...form.getInputProps('alias')}
          />
          <Select
            label={t('admin.scac_aliases.carrier')}
            placeholder={t('admin.scac_aliases.carrier_pick')}
            withAsterisk
            searchable
            nothingFoundMessage={t('admin.scac_aliases.no_carrier')}
            data={(carriers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.scac}, ${t(`shipping_modes.${c.mode}`)})` }))}
            {...form.getInputProps('carrier_id')}
          />
          <TextInput
            label={t('admin.scac_aliases.note')}
            description={t('admin.scac_aliases.note_hint')}
            maxLength={300}
            {...form.getInputProps('note')}
          />
          <ModalActions
            onCancel={onClose}
            submitLabel={alias ? t('admin.scac_aliases.save') : t('admin.scac_aliases.add')}
            submitting={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
