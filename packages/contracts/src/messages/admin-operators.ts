/**
 * The back office's operators and lists (issue 46 points 6 and 7): roles on a screen, the admin
 * two-factor rule, the audit log's filters, the lists' sort and status filters and support threads.
 * Part of the message catalogue (index.ts).
 */
export const adminOperatorMessages = {
  auditLogDescription: 'What every admin did, to whom and when.',
  auditFilterAdmin: 'Admin',
  auditFilterAction: 'Action',
  auditFilterTarget: 'Target',
  auditFilterFrom: 'From',
  auditFilterTo: 'To',
  auditAllActions: 'All actions',
  listStatusFilter: 'Status',
  listAllStatuses: 'All statuses',
  clearFilters: 'Clear filters',
  userRoleTitle: 'Role',
  userRoleMakeAdmin: 'Make admin',
  userRoleMakeCustomer: 'Make customer',
  confirmMakeAdmin:
    'Make this user an admin? They are signed out everywhere and sign in again as an admin, with two-factor required.',
  confirmMakeCustomer: 'Make this admin a customer? They are signed out everywhere and lose the back office.',
  ownRoleHint: 'Your own role is changed by another admin.',
  adminBackOfficeOpen: 'Back office open',
  adminTwoFactorRequired: 'Turn on two-factor authentication before you open the back office.',
  adminTotpByOperator:
    "An admin's two-factor authentication is set up by an operator, not from a signed-in session. Ask an operator to enrol you with npm run admin:totp.",
  supportThreadTitle: 'Conversation',
  supportLastAnswer: 'Last answer:',
  supportReplyLabel: 'Your reply',
  supportSendReply: 'Send reply',
  supportReplySent: 'Reply sent',
  supportReplyRequired: 'Write your reply',
  supportReplyMax: 'A reply is at most 1000 characters',
  supportThreadLoaded: 'Ticket thread',
  supportTicketClosedNoReply: 'This ticket is closed',
  supportFromTeam: 'Support team',
  supportFromCustomer: 'Customer',
  supportView: 'View',
} as const;
