/** What other features use of the team: the staff's account page shows the same table. */
export { TeamTable } from './components/TeamTable';
