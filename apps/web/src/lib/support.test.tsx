import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { SupportProvider, useSupport, useSupportActions, useSupportTopic } from './support';

const renders = { page: 0 };

/** A page that names its topic, counting its renders. */
function Page() {
  renders.page += 1;
  useSupportTopic({ reference: 'FP1', category: 'shipping' });
  return null;
}

/** The chat launcher: registers the chat and shows the topic. */
function Launcher() {
  const { topic, openChat, registerChat } = useSupport();
  useEffect(() => registerChat(() => undefined), [registerChat]);
  return (
    <p>
      {topic.reference ?? 'none'} {openChat ? 'chat' : 'no chat'}
    </p>
  );
}

function Opener() {
  const { setSupportDialogOpen } = useSupportActions();
  return (
    <button type="button" onClick={() => setSupportDialogOpen(true)}>
      open
    </button>
  );
}

function Dialog() {
  return <p>{useSupport().supportDialogOpen ? 'dialog open' : 'dialog closed'}</p>;
}

describe('the support ties', () => {
  it('a page that names its topic does not render again when the topic or the chat changes', () => {
    renders.page = 0;
    render(
      <SupportProvider>
        <Page />
        <Launcher />
      </SupportProvider>,
    );
    expect(screen.getByText('FP1 chat')).toBeInTheDocument();
    expect(renders.page).toBe(1);
  });

  it('the actions open the dialog for whoever reads its state', () => {
    render(
      <SupportProvider>
        <Opener />
        <Dialog />
      </SupportProvider>,
    );
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'open' }).click());
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });
});
