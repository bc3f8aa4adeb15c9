import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce } from './announcer';
import { LiveRegion } from './LiveRegion';

describe('the live region in a modal dialog', () => {
  it('is lent to the dialog on top before it speaks, once, beside what the dialog owned', async () => {
    render(
      <MantineProvider>
        <LiveRegion />
        <div role="dialog" aria-modal="true" aria-label="Behind" />
        <div role="dialog" aria-modal="true" aria-label="On top" aria-owns="menu-1" />
      </MantineProvider>,
    );
    const region = screen.getByTestId('live-region');
    act(() => announce('2 fields need attention'));
    act(() => announce('2 fields need attention'));
    expect(screen.getByRole('dialog', { name: 'On top' })).toHaveAttribute('aria-owns', `menu-1 ${region.id}`);
    expect(screen.getByRole('dialog', { name: 'Behind' })).not.toHaveAttribute('aria-owns');
    expect(await screen.findByText('2 fields need attention')).toBe(region);
  });

  it('stays its own with no dialog open', () => {
    render(
      <MantineProvider>
        <LiveRegion />
      </MantineProvider>,
    );
    act(() => announce('9 quotes returned'));
    expect(document.querySelector('[aria-owns]')).toBeNull();
  });
});
