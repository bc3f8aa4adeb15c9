import { SUPPORT_PHONE } from '@freight/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { ContactSupportButton } from '../support/SupportDialog';

/**
 * Credit hold: accounts with invoices past terms cannot ship until staff
 * activate them. Says so, with the number to call and the way to the open invoices.
 */
export function CreditHoldDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // The way to the open invoices, for a role that reads them.
  const mayReadInvoices = useCan('invoices.view');
  return (
    <Modal opened={opened} onClose={onClose} title={t('shipment.credit_hold.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('errors.credit_hold', { phone: SUPPORT_PHONE.display })}</Text>
        <Text size="sm">{t('shipment.credit_hold.body')}</Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('shipment.credit_hold.close')}
          </Button>
          {mayReadInvoices && (
            <Button component={Link} to={paths.myInvoices} variant="light">
              {t('shipment.credit_hold.invoices')}
            </Button>
          )}
          <Button component="a" href={`tel:${SUPPORT_PHONE.tel}`}>
            {t('shipment.credit_hold.call', { phone: SUPPORT_PHONE.display })}
          </Button>
        </Group>
        <Group justify="flex-end">
          <ContactSupportButton variant="subtle" />
        </Group>
      </Stack>
    </Modal>
  );
}
