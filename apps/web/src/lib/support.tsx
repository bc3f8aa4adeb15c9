import type { SupportCategory } from '@freight/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** What a page is about, so the chat opened from it is filled in: its BOL or invoice number, a category. */
export interface SupportTopic {
  reference?: string;
  category?: SupportCategory;
}

/** How to reach what the Support ties hold; each is the same function for the whole visit. */
interface SupportActions {
  setTopic: (topic: SupportTopic) => void;
  registerChat: (open: (() => void) | null) => void;
  setSupportDialogOpen: (open: boolean) => void;
}

interface SupportState extends SupportActions {
  topic: SupportTopic;
  /** Opens the chat (when the page has one: a signed-in customer's), filled in from the topic. */
  openChat: (() => void) | null;
  /** The Support dialog: contact details and hours. */
  supportDialogOpen: boolean;
}

const SupportContext = createContext<SupportState | null>(null);
/**
 * The actions apart from the state: a page that names its topic or opens the dialog does not
 * render again when the topic or the chat changes. Naming its topic, a page otherwise rendered
 * twice before its first paint, the second time whole (the quote page's form included).
 */
const SupportActionsContext = createContext<SupportActions | null>(null);

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
  const actions = useMemo(() => ({ setTopic, registerChat, setSupportDialogOpen }), [registerChat]);
  const value = useMemo(() => ({ ...actions, topic, openChat, supportDialogOpen }), [actions, topic, openChat, supportDialogOpen]);
  return (
    <SupportActionsContext.Provider value={actions}>
      <SupportContext.Provider value={value}>{children}</SupportContext.Provider>
    </SupportActionsContext.Provider>
  );
}

const outside: SupportState = {
  topic: {},
  setTopic: () => {},
  openChat: null,
  registerChat: () => {},
  supportDialogOpen: false,
  setSupportDialogOpen: () => {},
};

/** The topic, the chat and the dialog's state with the actions: renders again when any changes. */
export function useSupport(): SupportState {
  return useContext(SupportContext) ?? outside;
}

/** The actions only: never renders again for the support's state. */
export function useSupportActions(): SupportActions {
  return useContext(SupportActionsContext) ?? outside;
}

/** A page's topic while it is shown (a shipment's BOL, an invoice's number). */
export function useSupportTopic(topic: SupportTopic | null) {
  const { setTopic } = useSupportActions();
  const reference = topic?.reference;
  const category = topic?.category;
  useEffect(() => {
    if (!reference && !category) return;
    setTopic({ reference, category });
    return () => setTopic({});
  }, [reference, category, setTopic]);
}
