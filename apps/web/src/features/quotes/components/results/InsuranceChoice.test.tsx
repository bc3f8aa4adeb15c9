import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteInsuranceOption } from '../../api/quotesApi';
import { InsuranceChoice } from './InsuranceChoice';

function setup(options: QuoteInsuranceOption[], onChange = vi.fn()) {
  render(
    <MantineProvider>
      <InsuranceChoice options={options} currency="USD" value="none" onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

describe('InsuranceChoice', () => {
  it('offers no cover that costs as much as it covers: goods worth $18.99 and a $35 premium leave only No insurance', () => {
    setup([
      { kind: 'none', premium_cents: 0, coverage_cents: 1_899, deductible_cents: 0, online: true },
      // A quote stored before the server left such options out.
      { kind: 'first_tier', premium_cents: 3_500, coverage_cents: 1_899, deductible_cents: 0, online: true },
    ]);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'No insurance' })).toBeChecked();
    expect(screen.getByText("Only the carrier's liability applies, up to $18.99.")).toBeInTheDocument();
  });

  it("shows a parcel's declared value above the included liability with its premium, and chooses it", async () => {
    const onChange = setup([
      { kind: 'none', premium_cents: 0, coverage_cents: 20_000, deductible_cents: 0, online: true },
      { kind: 'full', premium_cents: 345, coverage_cents: 45_000, deductible_cents: 0, online: true },
    ]);
    expect(screen.getByText("Only the carrier's liability applies, up to $200.00.")).toBeInTheDocument();
    const full = screen.getByRole('radio', { name: 'Full value insurance ($450.00)' });
    expect(screen.getByText('Premium $3.45 · covers up to $450.00 · no deductible')).toBeInTheDocument();
    await userEvent.click(full);
    expect(onChange).toHaveBeenCalledWith('full');
  });
});
