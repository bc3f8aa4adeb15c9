import type { FreightClass } from '@freight/domain/rating/freight-class';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineDensity } from './density';
import type { AccessorialCode, FormValues, SiteType } from './model';
import { toNumber } from './parse';
import { type End, isAccessorialOverride, isClassOverride, type Sites, serviceOf, withAccessorial } from './recommendations';
import type { PickedPart } from './usePicking';

export type Override =
  /** `part`: the part catalog's description when its class is the recommendation (else the density's); `revertTo` what Cancel puts back. */
  | { kind: 'class'; key: string; n: number; chosen: FreightClass; recommended: FreightClass; part: string | null; revertTo: string }
  | { kind: 'service'; code: AccessorialCode; checked: boolean; end: End; site: SiteType };

/** What the acknowledgement says of an override. */
export function overrideText(t: TFunction, o: Override): string {
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
}

interface OverrideInputs {
  densityByLine: ReadonlyMap<string, LineDensity | null>;
  partOf: (line: { key: string; description: string }) => PickedPart | null;
  sites: Sites;
}

/**
 * A class or a service that departs from the recommendation (the part's or the density's class,
 * what the site type recommends) is set at once and waits for the user's acknowledgement;
 * cancelling puts the recommendation back.
 */
export function useOverrides(form: UseFormReturnType<FormValues>, { densityByLine, partOf, sites }: OverrideInputs) {
  const { t } = useTranslation();
  const [override, setOverride] = useState<Override | null>(null);

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

  return {
    opened: override !== null,
    text: override ? overrideText(t, override) : null,
    toggleAccessorial,
    setFreightClass,
    cancelOverride,
    acknowledge: () => setOverride(null),
  };
}
