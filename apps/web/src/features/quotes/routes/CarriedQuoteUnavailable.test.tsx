import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { makeAccountUser } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';
import { carryQuote, hasCarriedQuote } from '../carriedQuote';
import { makeQuote } from '../components/results/testQuote';

// The script of the request's check cannot be loaded, as after a dropped connection or a deploy.
vi.mock('../quoteRequestSchema', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const shipper = makeAccountUser('Demo Shipper Co');

describe('Quote & Ship with a carried public quote whose check cannot be loaded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('draws the empty form instead of waiting, rates nothing, and keeps the quote for the next visit', async () => {
    carryQuote(makeQuote().inputs);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(shipper));
    const created = vi.fn();
    stubApi({ 'GET /api/user': { data: shipper }, 'GET /api/carriers': { data: [] }, 'POST /api/quotes': created });
    const app = renderApp('/');
    expect(await screen.findByLabelText(/Pickup zip/)).toHaveValue('');
    expect(screen.queryByText('Your quote from before you signed up')).not.toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
    expect(hasCarriedQuote()).toBe(true);
    app.unmount();
  });
});
