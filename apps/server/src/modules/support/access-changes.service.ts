// The one thing other modules do to the live chat's streams: say that someone's access changed (a
// role, a removal, a sign-out everywhere), so open streams check it again. An entry of its own:
// the users repository calls it, and the support service's imports lead back to the users.
export { announceAccessChange } from './live-access.repository';
