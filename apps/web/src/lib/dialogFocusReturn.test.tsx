import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialogFocusReturn } from './dialogFocusReturn';

/** A page whose dialog is rendered only while open, as most of the app's are. */
function Page() {
  useDialogFocusReturn();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add event
      </button>
      {open && (
        <div role="dialog" aria-label="Event">
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      )}
    </>
  );
}

/** A row's menu whose item opens a dialog; the menu is gone once the item is chosen, as Mantine's menus go. */
function MenuPage() {
  useDialogFocusReturn();
  const [menu, setMenu] = useState(false);
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <button type="button" id="row-actions" aria-haspopup="menu" onClick={() => setMenu(true)}>
        Actions
      </button>
      {menu && (
        <div role="menu" aria-labelledby="row-actions">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setMenu(false);
              setDialog(true);
            }}
          >
            Reship
          </button>
        </div>
      )}
      {dialog && (
        <div role="dialog" aria-label="Reship">
          <button type="button" onClick={() => setDialog(false)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

describe('useDialogFocusReturn', () => {
  it('gives focus back to the opener when a dialog that took focus is unmounted', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Add event' });
    opener.focus();
    opener.click();
    const done = await screen.findByRole('button', { name: 'Done' });
    done.focus();
    done.click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves focus alone when something else has it after the dialog goes', async () => {
    render(
      <>
        <Page />
        <input aria-label="Elsewhere" />
      </>,
    );
    screen.getByRole('button', { name: 'Add event' }).focus();
    screen.getByRole('button', { name: 'Add event' }).click();
    (await screen.findByRole('button', { name: 'Done' })).focus();
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    elsewhere.focus();
    screen.getByRole('button', { name: 'Done' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });

  it("gives focus to the menu's button when the dialog was opened from the menu's item", async () => {
    render(<MenuPage />);
    const actions = screen.getByRole('button', { name: 'Actions' });
    actions.focus();
    actions.click();
    const item = await screen.findByRole('menuitem', { name: 'Reship' });
    item.focus();
    item.click();
    const close = await screen.findByRole('button', { name: 'Close' });
    close.focus();
    close.click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(actions));
  });
});
