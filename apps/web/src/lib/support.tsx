import type { SupportCategory } from '@freight/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** What a page is about, so the chat opened from it is filled in: its BOL or invoice number, a category. */
export interface SupportTopic {
  reference?: string;
  category?: SupportCategory;
}

interface SupportState {
  topic: SupportTopic;
  setTopic: (topic: SupportTopic) => void;
  /** Opens the chat (when the page has one: a signed-in customer's), filled in from the topic. */
  openChat: (() => void) | null;
  registerChat: (open: (() => void) | null) => void;
  /** The Support dialog: contact details and hours. */
  supportDialogOpen: boolean;
  setSupportDialogOpen: (open: boolean) => void;
}

const SupportContext = createContext<SupportState | null>(null);

/**
 * Ties the pages to the support chat and the Support dialog without a feature importing another:
 * a page names its topic, the chat launcher registers how to open the chat, and any screen that
 * tells the user to call can open the Support dialog.
 */
export function SupportProvider({ children }: { children: ReactNode }) {
  const [topic, setTopic] = useState<SupportTopic>({});
  const [openChat, setOpenChat] = useState<(() => void) | null>(null);
  const [supportDialogOpen, setSupportDialogOpen] = useState(false);
  const registerChat = useCallback((open: (() => void) | null) => setOpenChat(() => open), []);
  const value = useMemo(
    () => ({ topic, setTopic, openChat, registerChat, supportDialogOpen, setSupportDialogOpen }),
    [topic, openChat, registerChat, supportDialogOpen],
  );
  return <SupportContext.Provider value={value}>{children}</SupportContext.Provider>;
}

const outside: SupportState = {
  topic: {},
  setTopic: () => {},
  openChat: null,
  registerChat: () => {},
  supportDialogOpen: false,
  setSupportDialogOpen: () => {},
};

export function useSupport(): SupportState {
  return useContext(SupportContext) ?? outside;
}

/** A page's topic while it is shown (a shipment's BOL, an invoice's number). */
export function useSupportTopic(topic: SupportTopic | null) {
  const { setTopic } = useSupport();
  const reference = topic?.reference;
  const category = topic?.category;
  useEffect(() => {
    if (!reference && !category) return;
    setTopic({ reference, category });
    return () => setTopic({});
  }, [reference, category, setTopic]);
}
