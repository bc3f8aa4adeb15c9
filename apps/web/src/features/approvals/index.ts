/** What other parts of the portal show of approvals: the admins' count of bookings waiting, and the booker's withdrawal. */
export { PendingApprovalsNotice, usePendingApprovals } from './components/PendingApprovals';
export { WithdrawRequest } from './components/WithdrawRequest';
