import { useForm } from '@mantine/form';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultValues, type FormValues } from './model';
import { useErrorPlacement } from './useErrorPlacement';

describe('useErrorPlacement', () => {
  it('renders its form once on mount when the server has sent no errors', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      const form = useForm<FormValues>({ initialValues: defaultValues({ unit_system: 'imperial', currency: 'USD', mode_pick: 'auto' }) });
      return useErrorPlacement(form, 'ltl_parcel', undefined);
    });
    expect(result.current.generalErrors).toEqual([]);
    expect(renders).toBe(1);
  });
});
