import type { AddressBookEntry } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { PORT_CODES, portName, portOnLane } from '@freight/domain/rating/ports';
import { Alert, Anchor, Grid, NativeSelect, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import { EquipmentSelect } from './EquipmentSelect';
import type { FormKind, FormValues, ModePick, SiteType } from './model';
import { PickupDateField } from './PickupDateField';
import { PlaceFields } from './PlaceFields';
import { RuleFill } from './RuleFill';
import { applySiteType, END_OF } from './recommendations';
import { TruckloadStops } from './TruckloadStops';

export interface WhereWhenSectionProps {
  form: UseFormReturnType<FormValues>;
  kind: FormKind;
  /** The pickup date of the values started from, if any. */
  initialDate?: string;
  /** The server proposed the first quotable date. */
  onProposal: (date: string) => void;
  /** An address book entry was picked for an end. */
  onPick: (end: 'origin' | 'destination', entry: AddressBookEntry) => void;
  onUnits: (next: UnitSystem) => void;
}

/**
 * Where and when: both ends, the pickup date, the units, and the mode (LTL & Small Package) or the
 * equipment and extra stops (truckload); a cross-border shipment is pointed to the international page
 * and may choose its port of entry.
 */
export function WhereWhenSection({ form, kind, initialDate, onProposal, onPick, onUnits }: WhereWhenSectionProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const values = form.values;
  const ltlParcel = kind === 'ltl_parcel';
  const crossBorder = values.origin.country !== values.destination.country;
  // The ports of the border this shipment crosses: the shipper may choose one, or leave each carrier its nearest.
  const ports = PORT_CODES.filter((code) => portOnLane(code, values.origin.country, values.destination.country));

  /** A site type brings the services it recommends at its end. */
  const setSiteType = (end: 'origin' | 'destination', next: SiteType) => {
    const current = form.getValues();
    form.setValues({
      [end]: { ...current[end], site_type: next },
      accessorials: applySiteType(current.accessorials, END_OF[end], current[end].site_type, next),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('quotes.form.where_when')}
      </Title>
      <Grid gap="md">
        {(['origin', 'destination'] as const).map((end) => (
          <Grid.Col key={end} span={{ base: 12, md: 6 }}>
            <Text size="sm" fw={600} mb={4}>
              {t(`quotes.form.${END_OF[end]}`)}
            </Text>
            <PlaceFields form={form} end={end} onSiteType={(next) => setSiteType(end, next)} onPick={(a) => onPick(end, a)} />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <PickupDateField form={form} initialDate={initialDate} onProposal={onProposal} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <Text component="div" id={`${labelId}-units`} size="sm" fw={500} mb={4}>
            {t('quotes.form.units')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${labelId}-units`}
            fullWidth
            value={values.unit_system}
            onChange={(v) => onUnits(v as UnitSystem)}
            data={(['imperial', 'metric'] as const).map((u) => ({ value: u, label: t(`quotes.form.unit_systems.${u}`) }))}
          />
        </Grid.Col>
        {ltlParcel ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Text component="div" id={`${labelId}-mode`} size="sm" fw={500} mb={4}>
              {t('quotes.form.mode.label')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${labelId}-mode`}
              aria-describedby={`${labelId}-mode-hint`}
              fullWidth
              value={values.mode_pick}
              onChange={(v) => form.setFieldValue('mode_pick', v as ModePick)}
              data={(['auto', 'ltl', 'parcel'] as const).map((m) => ({ value: m, label: t(`quotes.form.mode.${m}`) }))}
            />
            <Text id={`${labelId}-mode-hint`} size="xs" c="dimmed" mt={4}>
              {t('quotes.form.mode.hint')}
            </Text>
            <RuleFill form={form} onApply={(change) => form.setValues(change)} />
          </Grid.Col>
        ) : (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <EquipmentSelect
              value={values.equipment_type}
              onChange={(code) => form.setFieldValue('equipment_type', code)}
              error={form.errors.equipment_type as string | undefined}
              units={values.unit_system}
            />
          </Grid.Col>
        )}
      </Grid>
      {!ltlParcel && <TruckloadStops form={form} />}
      {crossBorder && (
        <Alert color="yellow" mt="md" title={t('quotes.form.cross_border.title')} role="status">
          <Text size="sm">{t('quotes.form.cross_border.body')}</Text>
          <Anchor component={Link} to={paths.quoteInternational} size="sm">
            {t('quotes.form.cross_border.link')}
          </Anchor>
        </Alert>
      )}
      {ports.length > 0 && (
        <NativeSelect
          mt="md"
          maw={420}
          label={t('quotes.form.port_of_entry.label')}
          description={t('quotes.form.port_of_entry.hint')}
          data={[
            { value: '', label: t('quotes.form.port_of_entry.nearest') },
            ...ports.map((code) => ({ value: code, label: portName(code) })),
          ]}
          {...form.getInputProps('port_of_entry')}
        />
      )}
    </Paper>
  );
}
