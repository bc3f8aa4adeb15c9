import { VisuallyHidden } from '@mantine/core';

/** A field label that names its unit for screen readers: the unit shown inside the input is hidden from them. */
export function UnitLabel({ label, unit }: { label: string; unit: string }) {
  return (
    <>
      {label}
      <VisuallyHidden> ({unit})</VisuallyHidden>
    </>
  );
}
