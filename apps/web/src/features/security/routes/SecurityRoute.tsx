import { Stack } from '@mantine/core';
import { AuthenticatorAppPanel } from '../components/AuthenticatorAppPanel';
import { EnrolmentRequiredNotice } from '../components/EnrolmentRequiredNotice';
import { PasskeysPanel } from '../components/PasskeysPanel';
import { SessionsPanel } from '../components/SessionsPanel';
import { SingleSignOnPanel } from '../components/SingleSignOnPanel';
import { TeamTwoFactorPanel } from '../components/TeamTwoFactorPanel';

/**
 * Settings > Security: the user's own second factors (an authenticator app, passkeys and their
 * recovery codes), the browsers signed in to their account and, for an account admin, the
 * account's single sign-on.
 */
export function SecurityRoute() {
  return (
    <Stack gap="xl" maw={760}>
      <EnrolmentRequiredNotice />
      <AuthenticatorAppPanel />
      <PasskeysPanel />
      <SessionsPanel />
      <TeamTwoFactorPanel />
      <SingleSignOnPanel />
    </Stack>
  );
}
