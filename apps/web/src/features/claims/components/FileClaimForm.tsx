import { type ClaimFileRequestInput, claimFileRequest, type ShipmentView, SUPPORT_ATTACHMENT_MAX_BYTES } from '@freight/contracts';
import { CLAIM_KINDS, type ClaimKind } from '@freight/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { MoneyInput, toCents } from '../../../components/MoneyInput';
import { localDate, major } from '../../../components/shipment/format';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { CLAIMS_KEY, claimKey, fileClaim, sendClaimMessage, uploadFile } from '../api/claimsApi';
import type { FiledState } from './ClaimDetail';
import { claimableAs } from './claimable';

/** Files one claim's first message may carry (the contract's limit). */
export const CLAIM_FILES_MAX = 10;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

interface LineValues {
  key: string;
  description: string;
  pieces: number | string;
  /** Major units, as typed. */
  amount: number | string;
}

export interface ClaimFormValues {
  kind: ClaimKind | '';
  description: string;
  lines: LineValues[];
  freight: number | string;
  salvage: number | string;
  commercial_invoice: number | string;
}

/** The request of the form's values: amounts in integer cents; an empty box left out, so the contract says required. */
export function toClaimRequest(v: ClaimFormValues): ClaimFileRequestInput {
  return {
    kind: (v.kind || undefined) as ClaimKind,
    description: v.description,
    lines: v.lines.map((l) => ({
      description: l.description,
      pieces: (l.pieces === '' ? undefined : Number(l.pieces)) as number,
      amount_cents: toCents(l.amount) as number,
    })),
    freight_cents: toCents(v.freight) ?? 0,
    salvage_cents: toCents(v.salvage) ?? 0,
    commercial_invoice_cents: toCents(v.commercial_invoice),
  };
}

/** A request's error keys as the form's fields: an amount in cents is its box in major units (lines.2.amount_cents: lines.2.amount). */
export const claimFieldErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [k.replace(/_cents$/, ''), m]));

const newLine = (description = '', pieces: number | string = ''): LineValues => ({ key: randomId(), description, pieces, amount: '' });

/**
 * The claim form of a delivered (or lost) shipment: the kind, what happened, the goods line by
 * line, freight claimed back, salvage and the commercial invoice's value, in the shipment's
 * currency, and photos or documents (uploaded as they are picked, then sent with the claim's
 * first message). The server's refusals land at their fields (lines.N.amount_cents at line N's
 * amount).
 */
export function FileClaimForm({ shipment: s }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const as = claimableAs(s);
  const currency = s.currency;
  const kinds: readonly ClaimKind[] = as === 'lost' ? ['loss'] : CLAIM_KINDS;
  const form = useForm<ClaimFormValues>({
    initialValues: {
      kind: as === 'lost' ? 'loss' : '',
      description: '',
      lines: s.items.length ? s.items.map((i) => newLine(i.description, i.quantity)) : [newLine()],
      freight: '',
      salvage: '',
      commercial_invoice: '',
    },
  });
  const [files, setFiles] = useState<{ id: string; file_name: string }[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  const pick = async (picked: File[]) => {
    setFileErrors([]);
    setUploading(true);
    const errors: string[] = [];
    for (const file of picked.slice(0, CLAIM_FILES_MAX - files.length)) {
      if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) {
        errors.push(t('claims.file.file_too_big', { name: file.name }));
        continue;
      }
      try {
        const up = await uploadFile(file);
        setFiles((all) => [...all, up]);
      } catch {
        errors.push(t('claims.file.upload_failed', { name: file.name }));
      }
    }
    setFileErrors(errors);
    setUploading(false);
  };

  const file = useMutation({
    mutationFn: async (v: ClaimFormValues) => {
      const claim = await fileClaim(s.id, claimFileRequest.parse(toClaimRequest(v)));
      let filesFailed = false;
      let shown = claim;
      if (files.length) {
        try {
          shown = await sendClaimMessage(
            claim.id,
            t('claims.file.files_message'),
            files.map((f) => f.id),
          );
        } catch {
          filesFailed = true;
        }
      }
      return { claim: shown, filesFailed };
    },
    onSuccess: async ({ claim, filesFailed }) => {
      qc.setQueryData(claimKey(claim.id), claim);
      await qc.invalidateQueries({ queryKey: [...CLAIMS_KEY, 'list'] });
      const state: FiledState = { filed: claim.number, filesFailed };
      await navigate(paths.claim(claim.id), { state });
    },
    onError: (e) => setServerErrors(form, e, claimFieldErrors),
  });

  const submit = form.onSubmit((v) => {
    const errors = claimFieldErrors(zodErrors(claimFileRequest, t, v, toClaimRequest));
    if (Object.keys(errors).length) form.setErrors(errors);
    else if (!file.isPending) file.mutate(v);
  });

  const v = form.values;
  const goods = v.lines.reduce((sum, l) => sum + (toCents(l.amount) ?? 0), 0);
  const total = goods + (toCents(v.freight) ?? 0) - (toCents(v.salvage) ?? 0);
  const linesError = form.errors.lines;

  if (!as) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('claims.file.not_claimable')}</Text>
        <Anchor component={Link} to={paths.trackDetail(s.id)}>
          {t('claims.file.cancel')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('claims.file.title')}>
      <Stack gap="lg" maw={860}>
        <Text>
          {as === 'delivered'
            ? t('claims.file.for_shipment', {
                bol: s.bol_number,
                carrier: s.carrier_name,
                date: s.delivered_at ? fmt.date(s.delivered_at) : '',
              })
            : t('claims.file.for_lost_shipment', {
                bol: s.bol_number,
                carrier: s.carrier_name,
                date: s.estimated_delivery ? fmt.date(localDate(s.estimated_delivery)) : '',
              })}
        </Text>

        <Radio.Group label={t('claims.file.kind')} withAsterisk {...form.getInputProps('kind')}>
          <Stack gap="xs" mt="xs">
            {kinds.map((k) => (
              <Radio key={k} value={k} label={t(`claims.kinds.${k}`)} description={t(`claims.kind_help.${k}`)} />
            ))}
          </Stack>
        </Radio.Group>

        <Textarea
          label={t('claims.file.description')}
          description={t('claims.file.description_help')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={4000}
          {...form.getInputProps('description')}
        />

        <Stack gap="sm" component="section" aria-labelledby="claim-lines-title">
          <Title order={2} size="h3" fz="md" id="claim-lines-title">
            {t('claims.file.lines_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('claims.file.lines_help', { currency })}
          </Text>
          {v.lines.map((line, i) => (
            <Paper key={line.key} withBorder p="sm" component="fieldset" m={0} data-testid="claim-line">
              <Text component="legend" size="sm" fw={600} px={4}>
                {t('claims.file.line_legend', { n: i + 1 })}
              </Text>
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                  <TextInput
                    label={t('claims.file.line_description')}
                    withAsterisk
                    maxLength={200}
                    {...form.getInputProps(`lines.${i}.description`)}
                  />
                  <NumberInput
                    label={t('claims.file.line_pieces')}
                    withAsterisk
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    {...form.getInputProps(`lines.${i}.pieces`)}
                  />
                  <MoneyInput
                    label={t('claims.file.line_amount', { currency })}
                    withAsterisk
                    {...form.getInputProps(`lines.${i}.amount`)}
                  />
                </SimpleGrid>
                {v.lines.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('claims.file.remove_line', { n: i + 1 })}
                    onClick={() => form.removeListItem('lines', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {linesError && (
            <Text id="claim-lines-error" c="red" size="sm">
              {linesError}
            </Text>
          )}
          <Button variant="default" w="fit-content" onClick={() => form.insertListItem('lines', newLine())}>
            {t('claims.file.add_line')}
          </Button>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <MoneyInput
            label={t('claims.file.freight', { currency })}
            description={t('claims.file.freight_help')}
            {...form.getInputProps('freight')}
          />
          <MoneyInput
            label={t('claims.file.salvage', { currency })}
            description={t('claims.file.salvage_help')}
            {...form.getInputProps('salvage')}
          />
          <MoneyInput
            label={t('claims.file.commercial_invoice', { currency })}
            description={t('claims.file.commercial_invoice_help')}
            {...form.getInputProps('commercial_invoice')}
          />
        </SimpleGrid>
        <Text fw={700} aria-live="polite">
          {t('claims.file.total', { amount: fmt.money(major(total), currency) })}
        </Text>

        <Stack gap="xs" component="section" aria-labelledby="claim-files-title">
          <Title order={2} size="h3" fz="md" id="claim-files-title">
            {t('claims.file.files_title')}
          </Title>
          <Text size="sm" c="dimmed" id="claim-files-help">
            {t('claims.file.files_help', { max: CLAIM_FILES_MAX })}
          </Text>
          {files.length > 0 && (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {files.map((f) => (
                <Group key={f.id} component="li" gap="xs">
                  <Text size="sm">{f.file_name}</Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('claims.file.remove_file', { name: f.file_name })}
                    onClick={() => setFiles((all) => all.filter((x) => x.id !== f.id))}
                  >
                    <IconTrash size={14} aria-hidden />
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {fileErrors.map((message) => (
            <Text key={message} size="sm" c="red" role="alert">
              {message}
            </Text>
          ))}
          <FileButton onChange={(picked) => void pick(picked)} accept={ACCEPT} multiple disabled={files.length >= CLAIM_FILES_MAX}>
            {(props) => (
              <Button variant="default" w="fit-content" loading={uploading} aria-describedby="claim-files-help" {...props}>
                {t('claims.file.attach')}
              </Button>
            )}
          </FileButton>
        </Stack>

        <FormAlert error={file.error} fields={form} rename={claimFieldErrors} />
        <Group gap="sm">
          <Button type="submit" loading={file.isPending} disabled={uploading}>
            {t('claims.file.submit')}
          </Button>
          <Button variant="default" component={Link} to={paths.trackDetail(s.id)}>
            {t('claims.file.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
