import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFirstPaintDone } from './useFirstPaintDone';

function Screen() {
  return <p>{useFirstPaintDone() ? 'body' : 'frame only'}</p>;
}

const routerAt = () =>
  createMemoryRouter(
    [
      { path: '/', element: <Screen /> },
      { path: '/other', element: <p>other page</p> },
    ],
    { initialEntries: ['/'] },
  );

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

describe('useFirstPaintDone', () => {
  it('draws the frame first on the page the portal opened on, and the body once it was painted', async () => {
    render(<RouterProvider router={routerAt()} />);
    expect(screen.getByText('frame only')).toBeInTheDocument();
    await nextFrame();
    expect(screen.getByText('body')).toBeInTheDocument();
  });

  it('draws the body at once on a page reached from another', async () => {
    const router = routerAt();
    await router.navigate('/other');
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/'));
    expect(screen.getByText('body')).toBeInTheDocument();
  });
});
