import type { AddressBookEntry } from '@freight/contracts';
import { useTranslation } from 'react-i18next';
import { searchAddresses } from './pickersApi';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

/** Picks an entry of the account's address book: the quote form's places and the booking's pickup and delivery. */
export function AddressPicker(
  props: Pick<SearchPickerProps<AddressBookEntry>, 'label' | 'placeholder' | 'onPick' | 'chosen' | 'emptyText'>,
) {
  const { t } = useTranslation();
  return (
    <SearchPicker<AddressBookEntry>
      {...props}
      queryKey="address-picker"
      search={searchAddresses}
      idOf={(a) => a.id}
      describe={(a) => ({
        title: a.company,
        detail: t('quotes.form.pickers.address.detail', {
          street: a.street1,
          city: a.city,
          state: a.state,
          postal_code: a.postal_code,
          country: a.country,
        }),
      })}
    />
  );
}
