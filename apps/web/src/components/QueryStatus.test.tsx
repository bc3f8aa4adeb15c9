import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { ApiError } from '../lib/api';
import { QueryStatus } from './QueryStatus';

afterEach(() => {
  document.title = '';
});

const notFound = new ApiError(404, { message: 'Not found.' });

function renderStatus(query: { isPending: boolean; error: unknown }, title?: string) {
  render(
    <Providers queryClient={createQueryClient()}>
      <QueryStatus query={query} title={title} />
    </Providers>,
  );
}

describe('QueryStatus', () => {
  it('says a page is loading, with no title yet', () => {
    renderStatus({ isPending: true, error: null }, 'Carrier');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("puts the page's general title above the error when its own title would have come with the data", () => {
    renderStatus({ isPending: false, error: notFound }, 'Carrier');
    expect(screen.getByRole('heading', { level: 1, name: 'Carrier' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not found.');
    expect(document.title).toBe('Carrier | Freight Portal');
  });

  it('shows the error alone inside a page that has its title already', () => {
    renderStatus({ isPending: false, error: notFound });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Not found.');
  });
});
