import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { paths } from '../../../lib/paths';
import { registerAccount } from '../api/authApi';
import { SignupForm } from '../components/SignupForm';

/** /signup and /register: the company signup form; on success the new user verifies their email. */
export function SignupRoute() {
  const { t } = useTranslation();
  usePageTitle(t('signup.title'));
  const navigate = useNavigate();
  const storeUser = useStoreUser();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('signup.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('signup.intro')}
      </Text>
      <SignupForm
        onSubmit={async (payload) => {
          const res = await registerAccount(payload);
          storeUser(res.data);
          await navigate(paths.verifyEmail, { replace: true });
        }}
      />
    </Stack>
  );
}
