import { Anchor, Checkbox } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/** The disclaimer's acceptance, with a link that opens the disclaimer to read (not a click on the checkbox). */
export function DisclaimerField({ form, onRead }: { form: UseFormReturnType<BookingValues>; onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      id={fieldId('disclaimer_accepted')}
      label={
        <>
          {t('quotes.booking.disclaimer.accept')}{' '}
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={(e) => {
              e.preventDefault();
              onRead();
            }}
          >
            {t('quotes.booking.disclaimer.link')}
          </Anchor>
        </>
      }
      {...form.getInputProps('disclaimer_accepted', { type: 'checkbox' })}
    />
  );
}
