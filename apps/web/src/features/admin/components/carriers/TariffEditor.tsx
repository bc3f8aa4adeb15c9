import type { StaffCarrierDetail, TariffImpact, TariffPreview } from '@freight/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { setServerErrors } from '../../../../lib/forms';
import { afterCarrierChange, carrierQuery, discardDraft, previewDraft, publishDraft, saveDraft } from '../../api/carriersApi';
import { DraftActions } from '../versions/DraftActions';
import { LtlTariffFields } from './LtlTariffFields';
import { ParcelTariffFields } from './ParcelTariffFields';
import { PublishImpact, TariffPreviewPanel } from './TariffPreviewPanel';
import { TruckloadTariffFields } from './TruckloadTariffFields';
import { draftRequest, type TariffFormValues } from './tariffForm';

interface Props {
  carrier: StaffCarrierDetail;
  /** The draft's values, or the tariff in force when no draft is saved yet. */
  initial: TariffFormValues;
  /** The draft's version number when one is saved. */
  draftNumber: number | null;
  basedOn: number | null;
  today: string;
  onClose: () => void;
}

/**
 * The carrier's draft tariff: edited in the engine's terms, saved (checked by the server figure by
 * figure and on probe shipments), previewed against its last real quotes, then published for a
 * date (only as previewed: the confirmation repeats the preview's impact) or discarded. Nothing
 * here changes a price until Publish.
 */
export function TariffEditor({ carrier, initial, draftNumber, basedOn, today, onClose }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<TariffFormValues>({ initialValues: initial });
  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<TariffPreview | null>(null);
  const [saved, setSaved] = useState(draftNumber !== null);

  const save = useMutation({
    mutationFn: () => saveDraft(carrier.id, draftRequest(form.values)),
    onSuccess: async (c) => {
      form.resetDirty();
      setSaved(true);
      setPreview(null);
      notifications.show({ color: 'teal', message: t('admin.carriers.saved') });
      await afterCarrierChange(client, c);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const compare = useMutation({
    mutationFn: () => previewDraft(carrier.id),
    onSuccess: async (p) => {
      setPreview(p);
      // The carrier's detail now carries this preview's impact: the draft can be published.
      await client.invalidateQueries({ queryKey: carrierQuery(carrier.id).queryKey });
    },
  });
  const publish = useMutation({
    mutationFn: (effective: string) => publishDraft(carrier.id, effective),
    onSuccess: async (c) => {
      notifications.show({ color: 'teal', message: t('admin.carriers.published_ok', { number: draftNumber ?? c.versions[0]?.number }) });
      await afterCarrierChange(client, c);
      onClose();
    },
  });
  const discard = useMutation({
    mutationFn: () => discardDraft(carrier.id),
    onSuccess: async (c) => {
      await afterCarrierChange(client, c);
      onClose();
    },
  });
  const ready = saved && !form.isDirty();
  // Publishing needs this very draft previewed: the preview just run, or one kept from before.
  const impact = ready ? (preview?.impact ?? carrier.draft_impact) : null;

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t('admin.carriers.draft')}>
      <form ref={formRef} onSubmit={form.onSubmit(() => save.mutate())} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h3">
              {draftNumber ? t('admin.carriers.draft_of', { number: draftNumber }) : t('admin.carriers.new_draft')}
            </Title>
            <Button variant="subtle" onClick={onClose}>
              {t('admin.carriers.close')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('admin.carriers.draft_intro')} {basedOn ? t('admin.carriers.based_on', { number: basedOn }) : ''}{' '}
            {t('admin.carriers.money_hint')}
          </Text>
          {form.errors.tariff && <Alert color="red">{form.errors.tariff}</Alert>}
          {form.errors.mode && <Alert color="red">{form.errors.mode}</Alert>}
          {carrier.mode === 'ltl' && <LtlTariffFields form={form} />}
          {carrier.mode === 'parcel' && <ParcelTariffFields form={form} />}
          {carrier.mode === 'truckload' && <TruckloadTariffFields form={form} />}
          <Textarea label={t('admin.carriers.note')} autosize minRows={1} maxLength={500} {...form.getInputProps('note')} />
          <FormAlert error={save.error} fields={form} />
          <DraftActions
            words="admin.carriers"
            formRef={formRef}
            ready={ready}
            draftNumber={carrier.versions.find((v) => v.state === 'draft')?.number ?? draftNumber}
            save={save}
            preview={{ ...compare, run: () => compare.mutate() }}
            previewPanel={preview && <TariffPreviewPanel preview={preview} />}
            discard={{ ...discard, run: () => discard.mutate() }}
            impact={impact}
            showImpact={(seen: TariffImpact) => <PublishImpact impact={seen} />}
            publish={{ ...publish, run: (date: string) => publish.mutate(date) }}
            today={today}
          />
        </Stack>
      </form>
    </Paper>
  );
}
