import { createContext, useContext } from 'react';

/**
 * Whether the quote is a visitor's (the public quote page): no address book, catalog, saving,
 * carrier choices or sales requests, which all need an account; postal codes and rates come
 * from the public endpoints. Customers' pages leave it false.
 */
export const GuestQuoteContext = createContext(false);
export const useGuestQuote = () => useContext(GuestQuoteContext);
