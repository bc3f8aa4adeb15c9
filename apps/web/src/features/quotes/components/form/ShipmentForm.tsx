import type { AddressBookEntry, QuoteRequestInput } from '@freight/contracts';
import { Button, Fieldset, Group, Paper, Stack, Title } from '@mantine/core';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessorialFields } from './AccessorialFields';
import { GeneralErrorsAlert } from './GeneralErrorsAlert';
import { InsuredValueField } from './InsuredValueField';
import { ItemLines } from './ItemLines';
import { ModeQuestionDialog } from './ModeQuestionDialog';
import type { FormKind } from './model';
import { OfferLtlAlert } from './OfferLtlAlert';
import { OverrideDialog } from './OverrideDialog';
import { ParcelOptions } from './ParcelOptions';
import { useCargo } from './useCargo';
import { useErrorPlacement } from './useErrorPlacement';
import { useOverrides } from './useOverrides';
import { usePicking } from './usePicking';
import { useQuoteForm } from './useQuoteForm';
import { useQuoteSubmit } from './useQuoteSubmit';
import { useUnitSwitch } from './useUnitSwitch';
import { WhereWhenSection } from './WhereWhenSection';

export interface ShipmentFormProps {
  /** 'ltl_parcel': the LTL & Small Package and Quote & Ship pages, where the form settles the mode (ltl or parcel) with the mode-choice prompts; 'truckload': the Truckload page. */
  kind: FormKind;
  /** Values to start from (a saved or re-run quote's `inputs`). */
  initial?: QuoteRequestInput;
  /** Client reference number from the route (/:clientrefnum), sent as client_ref. */
  clientRef?: string;
  /** True while the quote is being rated: the submit button shows it and the form is not editable. */
  busy: boolean;
  /** 422 field errors of POST /api/quotes, dotted paths (items.0.height, origin.postal_code, pickup_date) -> i18n keys or texts; show them under the fields. */
  serverErrors?: Record<string, string[]>;
  onSubmit: (request: QuoteRequestInput) => void;
  /** Called on every edit the user makes after mount (the page marks shown rates stale: a change forces a re-rate). */
  onEdit: () => void;
  /** id of the <form> element, so the page can submit it again (Re-rate). */
  formId?: string;
  /** An address book entry was picked for an end: the Book Shipment step starts from it. */
  onPlacePicked?: (end: 'origin' | 'destination', entry: AddressBookEntry) => void;
}

/**
 * The quote request form: where and when,
 * shipping units with live density and class, services, shipment value, and for the LTL & Small
 * Package pages the mode choice. Produces a `QuoteRequestInput`.
 */
export function ShipmentForm({
  kind,
  initial,
  clientRef,
  busy,
  serverErrors,
  onSubmit,
  onEdit,
  formId,
  onPlacePicked,
}: ShipmentFormProps): JSX.Element {
  const { t } = useTranslation();
  const { form, modeAnswer, proposePickupDate } = useQuoteForm(initial, onEdit);
  const values = form.values;
  const ltlParcel = kind === 'ltl_parcel';
  const sites = { pickup: values.origin.site_type, delivery: values.destination.site_type };
  const { merged, densityByLine, parcelShown, offerLtl } = useCargo(values, kind);
  const picking = usePicking(form, ltlParcel, onPlacePicked);
  const override = useOverrides(form, { densityByLine, partOf: picking.partOf, sites });
  const errors = useErrorPlacement(form, kind, serverErrors);
  const switchUnits = useUnitSwitch(form);
  const quote = useQuoteSubmit(form, { kind, clientRef, busy, onSubmit, modeAnswer, showErrors: errors.showErrors, sent: errors.sent });

  return (
    <>
      <form id={formId} ref={quote.formRef} onSubmit={quote.submit} noValidate aria-label={t('quotes.form.label')}>
        <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
          <Stack gap="md">
            <WhereWhenSection
              form={form}
              kind={kind}
              initialDate={initial?.pickup_date}
              onProposal={proposePickupDate}
              onPick={picking.pickAddress}
              onUnits={switchUnits}
            />
            <ItemLines
              form={form}
              kind={kind}
              merged={merged}
              densityByLine={densityByLine}
              onFreightClass={override.setFreightClass}
              onPickProduct={picking.pickProduct}
              onPickPart={picking.pickPart}
              partOf={picking.partOf}
            />
            {ltlParcel && values.mode_pick !== 'parcel' && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('quotes.form.accessorials.title')}
                </Title>
                <AccessorialFields value={values.accessorials} sites={sites} onToggle={override.toggleAccessorial} />
              </Paper>
            )}
            {parcelShown && <ParcelOptions form={form} />}
            <InsuredValueField form={form} />
            {errors.generalErrors.length > 0 && <GeneralErrorsAlert errors={errors.generalErrors} ref={errors.generalErrorsRef} />}
            {offerLtl && (
              <OfferLtlAlert
                problems={offerLtl}
                lineKeys={merged.lineKeys}
                items={values.items}
                onUseLtl={quote.switchToLtl}
                ref={quote.offerRef}
              />
            )}
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={busy}>
                {t('quotes.form.submit')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>

      <OverrideDialog
        opened={override.opened}
        text={override.text}
        onCancel={override.cancelOverride}
        onAcknowledge={override.acknowledge}
      />
      <ModeQuestionDialog opened={quote.asking} onClose={quote.closeQuestion} onAnswer={quote.answer} />
    </>
  );
}
