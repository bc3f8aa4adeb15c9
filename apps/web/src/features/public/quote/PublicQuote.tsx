import type { QuoteRequestInput } from '@freight/contracts';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { carryQuote, GuestQuoteContext, QuoteWorkspace } from '../../quotes';

/**
 * The public quote page (spec: a public page): a visitor quotes LTL or parcel freight without an
 * account and sees the rates; Book leads to signing up, with the quote carried into the new
 * account (carriedQuote.ts), where Quote & Ship rates it again ready to book.
 */
export function PublicQuote() {
  const { t } = useTranslation();
  const [signUp, setSignUp] = useState(false);
  const lastRequest = useRef<QuoteRequestInput | null>(null);
  return (
    <GuestQuoteContext.Provider value>
      <Stack gap="md">
        <Text c="dimmed">
          {t('public_quote.intro')}{' '}
          <Anchor component={Link} to={paths.login}>
            {t('public_quote.have_account')}
          </Anchor>
        </Text>
        <QuoteWorkspace
          kind="ltl_parcel"
          onRated={async (quote) => {
            lastRequest.current = quote.inputs;
            return undefined;
          }}
          onGuestBook={() => {
            if (lastRequest.current) carryQuote(lastRequest.current);
            setSignUp(true);
          }}
        />
      </Stack>
      <Modal opened={signUp} onClose={() => setSignUp(false)} title={t('public_quote.sign_up_title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('public_quote.sign_up_body')}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={paths.login} variant="default">
              {t('public_quote.log_in')}
            </Button>
            <Button component={Link} to={paths.signup}>
              {t('public_quote.sign_up')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </GuestQuoteContext.Provider>
  );
}
