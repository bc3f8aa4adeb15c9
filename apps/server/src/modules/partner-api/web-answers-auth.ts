import {
  confirmedPasswordStatus,
  currentUserView,
  endedSessions,
  messageAnswer,
  passkeyAddedView,
  passkeyCreationOptions,
  passkeyRequestOptions,
  passkeyView,
  recoveryCodesView,
  ssoLookupResponse,
  twoFactorEnrolment,
  twoFactorLoginResponse,
  twoFactorStatus,
  userSession,
} from '@freight/contracts';
import { type Answer, body, created, empty, list, record, redirect } from './openapi-answers';

/** What the routes of signing up, in and out, passwords, the second factor, passkeys, single sign-on, mail verification, and the user's own profile and sessions answer on success (web-answers.ts explains the checks). */
export const AUTH_ANSWERS: Record<string, Answer> = {
  'GET /sanctum/csrf-cookie': empty('The session and its CSRF cookie are set.'),
  'POST /login': body(
    'With a second factor, no session yet: the challenge is next, offering the factors the user has. Without one (or in a remembered browser) 204 with no body, the session cookie set.',
    twoFactorLoginResponse,
  ),
  'POST /logout': empty('The session is ended.'),
  'POST /register': created(
    'The new user, signed in (the session cookie is set) and mailed a link to verify their email.',
    currentUserView,
  ),
  'POST /email/verification-notification': body(
    'The verification link is mailed again (202), or the email was verified already (200), said in words.',
    messageAnswer,
    [202, 200],
  ),
  'GET /email/verify/:id/:hash': redirect('The browser is sent to the page saying how the link went (`status` in its query).'),
  'POST /forgot-password': body('The reset link is mailed if the email has a user, said in words.', messageAnswer),
  'POST /reset-password': body('The password is reset, said in words.', messageAnswer),
  'PUT /password': body('The password is changed, said in words.', messageAnswer),
  'PUT /profile': record('The signed-in user with their new name, phone and email.', currentUserView),
  'GET /api/user': record('The signed-in user, and whether they must enrol a second factor before anything else.', currentUserView),
  'GET /api/user/sessions': list("The user's signed-in sessions, the asking browser's marked `current`.", userSession),
  'DELETE /api/user/sessions': record('How many of the other sessions were signed out.', endedSessions),
  'GET /user/confirmed-password-status': body(
    "Whether the user's identity was confirmed recently, and what they can confirm it with.",
    confirmedPasswordStatus,
  ),
  'POST /user/confirm-password/passkey-options': record(
    "The challenge for one of the user's passkeys to confirm who they are.",
    passkeyRequestOptions,
  ),
  'GET /user/passkeys': list("The user's passkeys.", passkeyView),
  'POST /user/passkeys/options': record('The challenge for the browser to make a new passkey.', passkeyCreationOptions),
  'POST /user/passkeys': created(
    "The new passkey; the user's first second factor comes with its recovery codes, shown this once.",
    passkeyAddedView,
  ),
  'PUT /user/passkeys/:id': record('The renamed passkey.', passkeyView),
  'POST /passkey-login/options': record(
    "The challenge for a passkey to sign in with: any of the site's, or the pending user's own at the second step.",
    passkeyRequestOptions,
  ),
  'POST /passkey-login': empty('The user is signed in (the session cookie is set).'),
  'GET /user/two-factor-authentication': record("The state of the user's authenticator app and the recovery codes left.", twoFactorStatus),
  'POST /user/two-factor-authentication': record('The new secret for the authenticator app, shown this once.', twoFactorEnrolment),
  'POST /user/confirmed-two-factor-authentication': record('The app is on; its ten recovery codes, shown this once.', recoveryCodesView),
  'POST /user/two-factor-recovery-codes': record('Ten new recovery codes in place of the old ones, shown this once.', recoveryCodesView),
  'POST /two-factor-challenge': empty('The user is signed in (the session cookie is set).'),
  'POST /sso/lookup': record(
    "Whether the email signs in through its account's provider, and whether it may use a password.",
    ssoLookupResponse,
  ),
  'GET /sso/start': redirect("The browser is sent to the account's provider, or back to the login page saying why not."),
  'GET /sso/callback': redirect('The browser is sent back to the login page, signed in or saying why not.'),
  'POST /user/confirm-password': empty(
    'The identity is confirmed (by the password, or the second factor for a user with one): the session may do what asks for it for a while.',
    201,
  ),
};
