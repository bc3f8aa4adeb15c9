import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { AddressBook } from '../components/AddressBook';

/** /address-book: the account's saved addresses. */
export function AddressBookRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('addresses.title')} />
      <AddressBook />
    </>
  );
}
