import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { loadAllCatalogs } from '../../lib/i18n';
import { setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { ExportMenu } from './ExportMenu';
import { streamExport } from './streamDownload';

beforeAll(() => loadAllCatalogs());

/** A CSV answer sent in three pieces, with the row count up front. */
function csvResponse() {
  const pieces = ['BOL number\r\n', '1\r\n2\r\n', '3\r\n'].map((p) => new TextEncoder().encode(p));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(p);
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '3', 'Content-Disposition': 'attachment; filename="shipments-2026-11-27.csv"' },
  });
}

describe('streamExport', () => {
  it('counts the rows as the pieces come, against the total the server sent', async () => {
    stubApi({ 'GET /api/shipments/export': () => csvResponse() });
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const seen: (number | null)[] = [];
    await streamExport('/api/shipments/export', { format: 'csv', fileName: 'shipments.csv', query: { status: 'delivered' } }, (p) =>
      seen.push(p.rows),
    );
    expect(seen).toEqual([0, 2, 3]);
    expect(save).toHaveBeenCalled();
  });
});

describe('ExportMenu', () => {
  it('opens from the keyboard and downloads the list with its filters in the format chosen', async () => {
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({ 'GET /api/shipments/export': () => csvResponse() });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    render(
      <Providers queryClient={createQueryClient()}>
        <ExportMenu path="/api/shipments/export" query={{ status: 'delivered', q: undefined }} fileName="shipments" />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (comma-separated)' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/shipments/export?status=delivered&format=csv'),
    );
  });
});
