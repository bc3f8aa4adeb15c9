import type { AddressBookEntry, PartSuggestion, Product, QuoteMode, QuoteRequestInput } from '@freight/contracts';
import { SIGNATURE_OPTIONS } from '@freight/contracts';
import { DEFAULT_SETTINGS, type UnitSystem } from '@freight/domain';
import type { FreightClass } from '@freight/domain/rating/freight-class';
import { fromInches, fromPounds, toInches, toPounds } from '@freight/domain/rating/units';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Grid,
  Group,
  List,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { watchSubmittedForm } from '../../../../components/a11y/watchSubmittedForm';
import { useAuthUser } from '../../../../lib/auth';
import { translateMessage } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { AccessorialFields } from './AccessorialFields';
import { baseKeyOf, combineTargets, mergeCombined, removeLine, setCombine } from './combine';
import { lineDensity } from './density';
import { EquipmentSelect, useEquipmentTypes } from './EquipmentSelect';
import { decideMode, eligibility, pickFromPreference } from './eligibility';
import { ItemLine } from './ItemLine';
import {
  type AccessorialCode,
  type BuiltRequest,
  type Defaults,
  defaultValues,
  emptyItem,
  type FormKind,
  type FormValues,
  fromRequest,
  type ModePick,
  type SiteType,
  toRequest,
} from './model';
import { PickupDateField } from './PickupDateField';
import { PlaceFields } from './PlaceFields';
import { type NumberValue, round2, toNumber } from './parse';
import { applySiteType, type End, isAccessorialOverride, isClassOverride, serviceOf, withAccessorial } from './recommendations';
import { TruckloadStops } from './TruckloadStops';
import { UnitLabel } from './UnitLabel';
import { contractErrors, formPath, validateValues } from './validate';

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

/** The contract's limit on item lines. */
const MAX_ITEMS = 50;

const SHIPMENT_FIELD = /^((origin|destination)\.(postal_code|country|site_type)|pickup_date|insured_value)$/;
const ITEM_FIELD = /^items\.(\d+)\.(\w+)$/;
/** TruckloadStops shows these: each stop's fields and the list's own error (too many). */
const STOP_FIELD = /^stops(\.\d+\.(kind|postal_code|country))?$/;
const LINE_FIELDS = ['package_type', 'quantity', 'weight', 'description', 'stackable', 'hazardous'];
const DIMENSION_FIELDS = ['length', 'width', 'height'];
const CLASS_FIELDS = ['freight_class', 'nmfc'];

/**
 * Whether the form shows an input for an error path as it stands: a line loaded on another has
 * no dimensions or class, truckload has no class and LTL & Small Package no equipment. An error
 * without a field is listed above the submit button rather than lost.
 */
function hasField(path: string, values: FormValues, kind: FormKind): boolean {
  if (SHIPMENT_FIELD.test(path)) return true;
  if (path === 'equipment_type') return kind === 'truckload';
  if (STOP_FIELD.test(path)) return kind === 'truckload';
  const [, index, field = ''] = ITEM_FIELD.exec(path) ?? [];
  const line = index === undefined ? undefined : values.items[Number(index)];
  if (!line) return false;
  const loaded = kind === 'ltl_parcel' && baseKeyOf(values.items, line.key) !== line.key;
  if (LINE_FIELDS.includes(field)) return true;
  if (DIMENSION_FIELDS.includes(field)) return !loaded;
  return CLASS_FIELDS.includes(field) && kind === 'ltl_parcel' && !loaded;
}

type Override =
  /** `part`: the part catalog's description when its class is the recommendation (else the density's); `revertTo` what Cancel puts back. */
  | { kind: 'class'; key: string; n: number; chosen: FreightClass; recommended: FreightClass; part: string | null; revertTo: string }
  | { kind: 'service'; code: AccessorialCode; checked: boolean; end: End; site: SiteType };

const END_OF: Record<'origin' | 'destination', End> = { origin: 'pickup', destination: 'delivery' };

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
  const user = useAuthUser();
  const defaults: Defaults = {
    unit_system: user?.settings?.unit_system ?? DEFAULT_SETTINGS.unit_system,
    currency: user?.settings?.currency ?? DEFAULT_SETTINGS.currency,
    mode_pick: pickFromPreference(user?.settings?.preferred_mode),
  };

  // Loading `initial` is not an edit of the user's: onValuesChange runs synchronously inside setValues.
  const loading = useRef(false);
  /** The answer to 'LTL or parcel?', kept until the next edit so Re-rate does not ask again. */
  const modeAnswer = useRef<QuoteMode | null>(null);
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  }, [onEdit]);
  const form = useForm<FormValues>({
    initialValues: initial ? fromRequest(initial, defaults) : defaultValues(defaults),
    onValuesChange: () => {
      modeAnswer.current = null;
      if (!loading.current) onEditRef.current();
    },
  });

  const loadedInitial = useRef(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `initial` reloads the form
  useEffect(() => {
    if (!initial || initial === loadedInitial.current) return;
    loadedInitial.current = initial;
    loading.current = true;
    form.setValues(fromRequest(initial, defaults));
    form.clearErrors();
    loading.current = false;
  }, [initial]);

  const values = form.values;
  // The truckload weight check reads the chosen type's maximum (the select loads the same list).
  const equipmentTypes = useEquipmentTypes(kind === 'truckload');
  const units = values.unit_system;
  const ltlParcel = kind === 'ltl_parcel';
  const merged = useMemo(() => mergeCombined(values.items, ltlParcel), [values.items, ltlParcel]);
  const densityByLine = useMemo(() => {
    const byKey = new Map<string, ReturnType<typeof lineDensity>>();
    merged.lineKeys.forEach((key, i) => {
      byKey.set(key, merged.items[i] ? lineDensity(merged.items[i], units) : null);
    });
    return byKey;
  }, [merged, units]);
  const fit = ltlParcel ? eligibility(merged.items, units) : null;
  const sites = { pickup: values.origin.site_type, delivery: values.destination.site_type };
  const crossBorder = values.origin.country !== values.destination.country;
  const parcelShown = ltlParcel && (values.mode_pick === 'parcel' || (values.mode_pick === 'auto' && fit?.parcel === true));
  const offerLtl = ltlParcel && values.mode_pick === 'parcel' && fit !== null && !fit.parcel ? fit.problems : null;

  const [override, setOverride] = useState<Override | null>(null);
  /**
   * A part picked from the part catalog, by line key: its class is the line's recommended class
   * while the line keeps the part's description (a density-based part leaves it to the density).
   */
  const pickedParts = useRef(new Map<string, { description: string; freightClass: FreightClass }>());
  const [asking, setAsking] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  /** Form key of each request item sent last, to place the server's `items.N` errors. */
  const sentLineKeys = useRef<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const offerRef = useRef<HTMLDivElement>(null);
  const generalErrorsRef = useRef<HTMLDivElement>(null);
  const labelId = useId();

  /**
   * Translated errors by form path: under their fields, the others in a list above the submit
   * button. Returns whether any went under a field.
   */
  const placeErrors = (errors: Record<string, string>) => {
    const current = form.getValues();
    const fields: Record<string, string> = {};
    const general = new Set<string>();
    for (const [path, text] of Object.entries(errors)) {
      if (hasField(path, current, kind)) fields[path] = text;
      else general.add(text);
    }
    form.setErrors(fields);
    setGeneralErrors([...general]);
    return Object.keys(fields).length > 0;
  };

  // The server's 422 errors, its item paths mapped back to the form lines that were sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placed once per answer
  useEffect(() => {
    if (!serverErrors) {
      setGeneralErrors([]);
      return;
    }
    const current = form.getValues();
    const errors: Record<string, string> = {};
    for (const [path, messages] of Object.entries(serverErrors)) {
      errors[formPath(path.split('.'), sentLineKeys.current, current)] = messages.map((m) => translateMessage(t, m)).join(' ');
    }
    placeErrors(errors);
  }, [serverErrors]);

  /** The fields in error are focused and counted by the submit's watch; errors of no field, by their list. */
  const showErrors = (errors: Record<string, string>) => {
    const underFields = placeErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateMessage(t, v)])));
    if (!underFields) requestAnimationFrame(() => generalErrorsRef.current?.focus());
  };

  /** Client checks (spec words first, then the contract); the request for `mode`, or null with the errors shown. */
  const checked = (mode: QuoteMode): BuiltRequest | null => {
    const current = form.getValues();
    const built = toRequest(current, mode, clientRef);
    const maxWeightLb = equipmentTypes.data?.find((e) => e.code === current.equipment_type)?.max_weight_lb ?? null;
    const errors = { ...contractErrors(built.request, built.lineKeys, current), ...validateValues(current, kind, maxWeightLb) };
    if (Object.keys(errors).length) {
      showErrors(errors);
      return null;
    }
    return built;
  };

  /**
   * Sends the request for `mode` unless a request is still being rated (a second click of a closing
   * dialog's button). A send from the mode question or the LTL offer is no submit event: it starts
   * the watch for field errors itself.
   */
  const send = (mode: QuoteMode) => {
    if (busy) return;
    if (formRef.current) watchSubmittedForm(formRef.current);
    const built = checked(mode);
    if (!built) return;
    sentLineKeys.current = built.lineKeys;
    setGeneralErrors([]);
    onSubmit(built.request);
  };

  /** The offer's button: the shipper asked for LTL rates, so switch and rate at once. */
  const switchToLtl = () => {
    form.setFieldValue('mode_pick', 'ltl');
    send('ltl');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!ltlParcel) return send('truckload');
    const built = checked('ltl');
    if (!built) return;
    const current = form.getValues();
    const verdict = eligibility(built.request.items, current.unit_system);
    const decision = verdict ? decideMode(verdict, current.mode_pick) : ({ kind: 'submit', mode: 'ltl' } as const);
    if (decision.kind === 'submit') send(decision.mode);
    else if (decision.kind === 'ask') {
      if (modeAnswer.current) send(modeAnswer.current);
      else setAsking(true);
    } else {
      offerRef.current?.scrollIntoView?.({ block: 'center' });
      offerRef.current?.focus();
    }
  };

  /** The server's first quotable date for the origin: the form's own value, not an edit of the user's. */
  const proposePickupDate = (date: string) => {
    loading.current = true;
    form.setFieldValue('pickup_date', date);
    form.clearFieldError('pickup_date');
    loading.current = false;
  };

  const setSiteType = (end: 'origin' | 'destination', next: SiteType) => {
    const current = form.getValues();
    form.setValues({
      [end]: { ...current[end], site_type: next },
      accessorials: applySiteType(current.accessorials, END_OF[end], current[end].site_type, next),
    });
  };

  /**
   * An address book entry fills one end in one edit: postal code, country and site type
   * (residential, else limited access, else business) with the services that site type
   * recommends, and a liftgate when the entry recommends one.
   */
  const pickAddress = (end: 'origin' | 'destination', a: AddressBookEntry) => {
    const current = form.getValues();
    const site: SiteType = a.location_type === 'residential' ? 'residential' : a.limited_access ? 'limited_access' : 'business';
    let accessorials = applySiteType(current.accessorials, END_OF[end], current[end].site_type, site);
    if (a.liftgate_recommended) accessorials = withAccessorial(accessorials, `liftgate_${END_OF[end]}`, true);
    form.setValues({ [end]: { postal_code: a.postal_code, country: a.country, site_type: site }, accessorials });
    form.clearFieldError(`${end}.postal_code`);
    form.clearFieldError(`${end}.country`);
    form.clearFieldError(`${end}.site_type`);
    onPlacePicked?.(end, a);
  };

  /**
   * A catalog product fills one line in one edit: package type, dimensions and weight (in the
   * form's units, to 0.01), class and NMFC (LTL & Small Package only: truckload shows neither),
   * hazardous and description. The quantity stays.
   */
  const pickProduct = (index: number, p: Product) => {
    const current = form.getValues();
    const line = current.items[index];
    if (!line) return;
    const u = current.unit_system;
    const inForm = (inches: number) => round2(fromInches(inches, u));
    pickedParts.current.delete(line.key);
    form.setFieldValue(`items.${index}`, {
      ...line,
      package_type: p.package_type,
      length: inForm(p.length_in),
      width: inForm(p.width_in),
      height: inForm(p.height_in),
      weight: round2(fromPounds(p.weight_lb, u)),
      hazardous: p.hazardous,
      description: p.description,
      ...(ltlParcel ? { freight_class: p.freight_class === null ? '' : String(p.freight_class), nmfc: p.nmfc } : {}),
    });
    const prefix = `items.${index}.`;
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith(prefix))));
  };

  /**
   * A part of the staff's part catalog fills a line's description, NMFC and class (LTL & Small
   * Package only) and hazardous flag; its class becomes the line's recommended class, so choosing
   * another one asks for the acknowledgement. A density-based part leaves the class to the density.
   */
  const pickPart = (index: number, part: PartSuggestion) => {
    const line = form.getValues().items[index];
    if (!line) return;
    if (part.freight_class === null || part.density_based) pickedParts.current.delete(line.key);
    else pickedParts.current.set(line.key, { description: part.description, freightClass: part.freight_class as FreightClass });
    form.setFieldValue(`items.${index}`, {
      ...line,
      description: part.description,
      hazardous: part.hazardous,
      ...(ltlParcel ? { freight_class: part.freight_class === null ? '' : String(part.freight_class), nmfc: part.nmfc } : {}),
    });
    const touched = ['description', 'hazardous', 'freight_class', 'nmfc'].map((f) => `items.${index}.${f}`);
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !touched.includes(k))));
  };

  /** The part whose class the line recommends, while the line still holds the part's description. */
  const partOf = (line: { key: string; description: string }) => {
    const part = pickedParts.current.get(line.key);
    return part && part.description === line.description.trim() ? part : null;
  };

  const toggleAccessorial = (code: AccessorialCode, on: boolean) => {
    form.setFieldValue('accessorials', withAccessorial(form.getValues().accessorials, code, on));
    const s = serviceOf(code);
    if (s && isAccessorialOverride(code, on, sites)) setOverride({ kind: 'service', code, checked: on, end: s.end, site: sites[s.end] });
  };

  const setFreightClass = (index: number, value: string) => {
    const line = form.getValues().items[index];
    if (!line) return;
    form.setFieldValue(`items.${index}.freight_class`, value);
    const densityClass = densityByLine.get(line.key)?.density_class;
    const part = partOf(line);
    if (part) {
      // The part's class is the recommendation; 'class from density' departs from it too.
      const chosen = (toNumber(value) as FreightClass | undefined) ?? densityClass;
      if (chosen !== undefined && isClassOverride(chosen, part.freightClass)) {
        const revertTo = String(part.freightClass);
        setOverride({
          kind: 'class',
          key: line.key,
          n: index + 1,
          chosen,
          recommended: part.freightClass,
          part: part.description,
          revertTo,
        });
      }
      return;
    }
    const chosen = toNumber(value) as FreightClass | undefined;
    if (chosen !== undefined && densityClass !== undefined && isClassOverride(chosen, densityClass)) {
      setOverride({ kind: 'class', key: line.key, n: index + 1, chosen, recommended: densityClass, part: null, revertTo: '' });
    }
  };

  /** Cancel goes back to the recommendation: the part's or the density's class, or what the site type recommends. */
  const cancelOverride = () => {
    if (override?.kind === 'class') {
      const index = form.getValues().items.findIndex((l) => l.key === override.key);
      if (index >= 0) form.setFieldValue(`items.${index}.freight_class`, override.revertTo);
    } else if (override?.kind === 'service') {
      form.setFieldValue('accessorials', withAccessorial(form.getValues().accessorials, override.code, !override.checked));
    }
    setOverride(null);
  };

  /**
   * The numbers of the last unit switch as they were and as they became (by line key and field):
   * switching back restores a number the user did not touch, instead of a rounded one
   * (500 lb -> 226.8 kg -> 500 lb, not 500.01).
   */
  const lastSwitch = useRef<{ from: UnitSystem; before: Map<string, NumberValue>; after: Map<string, NumberValue> } | null>(null);

  /** Switching units converts the numbers entered (to 0.01), so the cargo stays the same. */
  const switchUnits = (next: UnitSystem) => {
    const current = form.getValues();
    const prev = current.unit_system;
    if (next === prev) return;
    const undo = lastSwitch.current?.from === next ? lastSwitch.current : null;
    const before = new Map<string, NumberValue>();
    const after = new Map<string, NumberValue>();
    const convert = (id: string, v: NumberValue, toBase: typeof toInches, fromBase: typeof fromInches) => {
      const n = toNumber(v);
      const restored = undo && undo.after.get(id) === v ? undo.before.get(id) : undefined;
      const out = restored ?? (n === undefined ? v : round2(fromBase(toBase(n, prev), next)));
      before.set(id, v);
      after.set(id, out);
      return out;
    };
    form.setValues({
      unit_system: next,
      items: current.items.map((i) => ({
        ...i,
        length: convert(`${i.key}.length`, i.length, toInches, fromInches),
        width: convert(`${i.key}.width`, i.width, toInches, fromInches),
        height: convert(`${i.key}.height`, i.height, toInches, fromInches),
        weight: convert(`${i.key}.weight`, i.weight, toPounds, fromPounds),
      })),
    });
    lastSwitch.current = { from: prev, before, after };
  };

  const setItems = (items: FormValues['items']) => {
    form.clearErrors();
    form.setFieldValue('items', items);
  };

  const overrideText = (o: Override) => {
    if (o.kind === 'class')
      return t(o.part ? 'quotes.form.override.class_part' : 'quotes.form.override.class', {
        n: o.n,
        chosen: o.chosen,
        recommended: o.recommended,
        part: o.part,
      });
    const service = t(`quotes.form.accessorials.names.${o.code}`);
    const site = t(`quotes.form.site_types.${o.site}`).toLocaleLowerCase();
    return t(o.checked ? 'quotes.form.override.service_on' : 'quotes.form.override.service_off', { service, site });
  };

  return (
    <>
      <form id={formId} ref={formRef} onSubmit={submit} noValidate aria-label={t('quotes.form.label')}>
        <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
          <Stack gap="md">
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
                    <PlaceFields form={form} end={end} onSiteType={(next) => setSiteType(end, next)} onPick={(a) => pickAddress(end, a)} />
                  </Grid.Col>
                ))}
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <PickupDateField form={form} initialDate={initial?.pickup_date} onProposal={proposePickupDate} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <Text component="div" id={`${labelId}-units`} size="sm" fw={500} mb={4}>
                    {t('quotes.form.units')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`${labelId}-units`}
                    fullWidth
                    value={units}
                    onChange={(v) => switchUnits(v as UnitSystem)}
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
            </Paper>

            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('quotes.form.items.title')}
              </Title>
              {values.items.map((item, index) => {
                const base = ltlParcel ? baseKeyOf(values.items, item.key) : item.key;
                const loadedOn = base === item.key ? null : values.items.findIndex((l) => l.key === base) + 1;
                const requestIndex = merged.lineKeys.indexOf(item.key);
                const hasLoaded = ltlParcel && values.items.some((l) => l.key !== item.key && baseKeyOf(values.items, l.key) === item.key);
                const mergedWeight = hasLoaded && requestIndex >= 0 ? (merged.items[requestIndex]?.weight ?? null) : null;
                return (
                  <ItemLine
                    key={item.key}
                    form={form}
                    index={index}
                    kind={kind}
                    density={loadedOn === null ? (densityByLine.get(item.key) ?? null) : null}
                    loadedOn={loadedOn}
                    mergedWeight={typeof mergedWeight === 'number' && Number.isFinite(mergedWeight) ? mergedWeight : null}
                    targets={combineTargets(values.items, item.key).map((l) => ({ key: l.key, n: values.items.indexOf(l) + 1 }))}
                    onCombine={(target) => setItems(setCombine(form.getValues().items, item.key, target))}
                    onFreightClass={(v) => setFreightClass(index, v)}
                    onPickProduct={(p) => pickProduct(index, p)}
                    onPickPart={(part) => pickPart(index, part)}
                    partClass={partOf(item)?.freightClass ?? null}
                    onRemove={values.items.length > 1 ? () => setItems(removeLine(form.getValues().items, item.key)) : null}
                  />
                );
              })}
              <Group>
                <Button
                  variant="light"
                  onClick={() => setItems([...form.getValues().items, emptyItem()])}
                  disabled={values.items.length >= MAX_ITEMS}
                >
                  {t('quotes.form.items.add')}
                </Button>
              </Group>
            </Stack>

            {ltlParcel && values.mode_pick !== 'parcel' && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('quotes.form.accessorials.title')}
                </Title>
                <AccessorialFields value={values.accessorials} sites={sites} onToggle={toggleAccessorial} />
              </Paper>
            )}

            {parcelShown && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('quotes.form.parcel.title')}
                </Title>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                    <NativeSelect
                      label={t('quotes.form.parcel.signature')}
                      data={SIGNATURE_OPTIONS.map((s) => ({
                        value: s,
                        label: t(`quotes.form.parcel.signatures.${s}`),
                      }))}
                      description={values.signature === 'adult_signature' ? t('quotes.form.parcel.adult_hint') : undefined}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      {...form.getInputProps('signature')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6, md: 8 }}>
                    <Text size="sm" c="dimmed" mt={{ sm: 'lg' }}>
                      {t('quotes.form.parcel.pickup_note')}
                    </Text>
                  </Grid.Col>
                </Grid>
              </Paper>
            )}

            <Grid>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <NumberInput
                  label={<UnitLabel label={t('quotes.form.insured_value')} unit={values.currency} />}
                  withAsterisk
                  min={0}
                  allowNegative={false}
                  decimalScale={2}
                  hideControls
                  rightSection={
                    <Text size="xs" c="dimmed" aria-hidden>
                      {values.currency}
                    </Text>
                  }
                  rightSectionPointerEvents="none"
                  description={t('quotes.form.insured_value_hint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('insured_value')}
                />
              </Grid.Col>
            </Grid>

            {generalErrors.length > 0 && (
              <Alert color="red" title={t('quotes.form.errors.title')} role="alert" ref={generalErrorsRef} tabIndex={-1}>
                <List size="sm">
                  {generalErrors.map((e) => (
                    <List.Item key={e}>{e}</List.Item>
                  ))}
                </List>
              </Alert>
            )}

            {offerLtl && (
              <Alert color="orange" title={t('quotes.form.offer_ltl.title')} role="alert" ref={offerRef} tabIndex={-1}>
                <Stack gap="xs">
                  <List size="sm">
                    {offerLtl.map((p) => (
                      <List.Item key={`${p.item}-${p.reason}`}>
                        {t('quotes.form.offer_ltl.problem', {
                          n: merged.lineKeys[p.item] ? values.items.findIndex((l) => l.key === merged.lineKeys[p.item]) + 1 : p.item + 1,
                          problem: t(`quotes.form.parcel_problem.${p.reason}`),
                        })}
                      </List.Item>
                    ))}
                  </List>
                  <Group>
                    <Button variant="filled" color="orange" onClick={switchToLtl}>
                      {t('quotes.form.offer_ltl.use_ltl')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}

            <Group justify="flex-end">
              <Button type="submit" size="md" loading={busy}>
                {t('quotes.form.submit')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>

      <Modal opened={override !== null} onClose={cancelOverride} title={t('quotes.form.override.title')} centered>
        <Stack>
          <Text size="sm">{override ? overrideText(override) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelOverride}>
              {t('common.cancel')}
            </Button>
            <Button color="orange" onClick={() => setOverride(null)}>
              {t('quotes.form.override.acknowledge')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={asking} onClose={() => setAsking(false)} title={t('quotes.form.mode_choice.title')} centered>
        <Stack>
          <Text size="sm">{t('quotes.form.mode_choice.body')}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setAsking(false);
                modeAnswer.current = 'ltl';
                send('ltl');
              }}
            >
              {t('quotes.form.mode_choice.ltl')}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                modeAnswer.current = 'parcel';
                send('parcel');
              }}
            >
              {t('quotes.form.mode_choice.parcel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
