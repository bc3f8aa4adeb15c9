import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A required amount of US dollars, typed with its cents ($15,000.00): credit limits are in USD whatever the reader's currency. */
export function UsdAmountInput(props: NumberInputProps) {
  return <NumberInput withAsterisk min={0} prefix="$" thousandSeparator="," decimalScale={2} allowNegative={false} {...props} />;
}
