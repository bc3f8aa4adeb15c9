import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { PageHeader } from './PageHeader';

afterEach(() => {
  document.title = '';
});

function renderHeader(title: string) {
  render(
    <Providers queryClient={createQueryClient()}>
      <PageHeader title={title} />
    </Providers>,
  );
  return screen.getByRole('heading', { level: 1, name: title });
}

describe('PageHeader', () => {
  it("is a level-1 heading, the page's one, and names the document", () => {
    const heading = renderHeader('Shipment History');
    expect(heading.tagName).toBe('H1');
    expect(screen.getAllByRole('heading')).toEqual([heading]);
    expect(document.title).toBe('Shipment History | Freight Portal');
  });

  it('keeps the look of a level-2 title (the size is set apart from the level)', () => {
    const heading = renderHeader('Tracking');
    expect(heading.style.getPropertyValue('--title-fz')).toBe('var(--mantine-h2-font-size)');
    expect(heading.style.getPropertyValue('--title-lh')).toBe('var(--mantine-h2-line-height)');
  });
});
