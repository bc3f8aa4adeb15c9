import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationPending } from './NavigationPending';

const NextScreen = () => <h1>Next screen</h1>;

describe('NavigationPending', () => {
  it('shows while the next screen is on its way, and goes once it is shown', async () => {
    let arrive: (screen: { Component: ComponentType }) => void = () => undefined;
    const router = createMemoryRouter([
      {
        element: (
          <>
            <NavigationPending />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/next">Next</Link> },
          { path: '/next', lazy: () => new Promise((resolve) => (arrive = resolve)) },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.documentElement.dataset.shownPage).toBe('/');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    // The page left behind stays until the next one is here.
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();
    expect(document.documentElement.dataset.shownPage).toBe('/');

    arrive({ Component: NextScreen });
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.documentElement.dataset.shownPage).toBe('/next');
  });
});
