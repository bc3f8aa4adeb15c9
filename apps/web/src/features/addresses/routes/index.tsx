import { InfoPage } from '../../../components/InfoPage';

export const AddressBookRoute = () => <InfoPage titleKey="pages.address_book.title" bodyKey="pages.address_book.body" />;
