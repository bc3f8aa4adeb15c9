import type { UnitSystem } from '@freight/domain';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type { FormValues } from './model';
import { switchItems, type UnitSwitch } from './unitSwitch';

/** Switching units converts the numbers entered; switching back restores those left alone. */
export function useUnitSwitch(form: UseFormReturnType<FormValues>) {
  const lastSwitch = useRef<UnitSwitch | null>(null);
  return (next: UnitSystem) => {
    const current = form.getValues();
    const prev = current.unit_system;
    if (next === prev) return;
    const { items, done } = switchItems(current.items, prev, next, lastSwitch.current);
    form.setValues({ unit_system: next, items });
    lastSwitch.current = done;
  };
}
