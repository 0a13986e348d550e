import {
  type ADMIN_TICKET_SORTS,
  type AdminSupportTicket,
  messages,
  SUPPORT_TICKET_STATUSES,
} from '@exchange/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { adminRecordPath, paths } from '../../../lib/paths';
import { SortSelect, sortableColumns } from '../../../shared/admin-list/sortable-header';
import { useAdminList } from '../../../shared/admin-list/use-admin-list';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { ThreadMessages } from '../../support/components/ticket-thread';
import { useAdminSupport, useAdminTicketThread } from '../api/admin-ops';
import { ADMIN_LIST, UserCell } from '../components/admin-cells';
import { StatusFilter } from '../components/status-filter';
import { AnswerTicketDialog, CloseTicketDialog } from '../components/support-ticket-dialogs';
import { TicketStatus } from '../components/ticket-status';

type TicketListSort = (typeof ADMIN_TICKET_SORTS)[number];

const sortable: Partial<Record<string, TicketListSort>> = {
  subject: 'subject',
  date: 'createdAt',
  status: 'status',
};
const sortOptions = [
  { sort: 'createdAt', label: 'Date' },
  { sort: 'updatedAt', label: 'Last change' },
  { sort: 'subject', label: 'Subject' },
  { sort: 'status', label: 'Status' },
] as const;

/** The statuses the filter offers: INACTIVE is shown (and filtered) as PENDING. */
const FILTER_STATUSES = SUPPORT_TICKET_STATUSES.filter((status) => status !== 'INACTIVE');

/** The ticket's conversation on its own URL: the customer's messages and the team's answers in order. */
function TicketConversation({
  ticket,
  onReply,
}: {
  readonly ticket: AdminSupportTicket | undefined;
  readonly onReply: (ticket: AdminSupportTicket) => void;
}) {
  const thread = useAdminTicketThread(ticket?._id);
  return (
    <Card
      title={messages.supportThreadTitle}
      actions={
        ticket ? (
          <Button size="sm" onClick={() => onReply(ticket)}>
            Reply
          </Button>
        ) : undefined
      }
    >
      {thread.data ? (
        <ThreadMessages thread={thread.data} />
      ) : (
        <p className="text-sm text-muted">{thread.isError ? errorMessage(thread.error) : 'Loading…'}</p>
      )}
    </Card>
  );
}

/**
 * /admin-support: every ticket, kept fresh by polling; admins answer and close tickets here. Each
 * ticket's subject links to its own URL, /admin-support/<id> (issue 46), where the list is that ticket.
 */
export function AdminSupportPage() {
  const { id: ticketId } = useParams();
  const list = useAdminList<TicketListSort>({ sort: 'createdAt', order: 'desc' });
  const [answering, setAnswering] = useState<AdminSupportTicket | null>(null);
  const [closing, setClosing] = useState<AdminSupportTicket | null>(null);
  const tickets = useAdminSupport(
    ticketId ? 1 : list.page,
    ticketId ? '' : list.search,
    ticketId,
    ticketId ? {} : list.query,
  );

  const columns: readonly Column<AdminSupportTicket>[] = [
    { id: 'sr', header: 'Sr. No', cell: (_row, index) => index + 1 },
    {
      id: 'user',
      header: 'User',
      cell: (row) => (
        <UserCell
          picture={<KycUserAvatar profilePic={row.profile_pic} />}
          name={row.userdata.name}
          email={row.userdata.email}
          phone={`+${row.userdata.country_code} ${row.userdata.mobile_no}`}
        />
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      cell: (row) => (
        <span className="flex max-w-xs flex-col">
          <Link
            to={adminRecordPath('ticket', row._id)}
            className="font-medium wrap-anywhere text-accent hover:underline"
          >
            {row.subject}
          </Link>
          <span className="text-xs wrap-anywhere text-muted">{row.description}</span>
          {row.answer ? (
            <span className="mt-1 text-xs wrap-anywhere text-accent">Answer: {row.answer}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    { id: 'status', header: 'Status', cell: (row) => <TicketStatus status={row.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" aria-label={`Answer ${row.subject}`} onClick={() => setAnswering(row)}>
            Answer
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={row.status === 'CLOSED'}
            aria-label={`Close ${row.subject}`}
            onClick={() => setClosing(row)}
          >
            Close
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Support"
        description={tickets.data ? `${tickets.data.total} tickets` : 'Loading…'}
        actions={
          ticketId ? (
            <Link to={paths.adminSupport} className="text-sm text-accent underline">
              All tickets
            </Link>
          ) : undefined
        }
      />
      <DataTable
        label="Support tickets"
        columns={ticketId ? columns : sortableColumns(columns, sortable, list.sort, list.toggleSort)}
        rows={tickets.data?.content}
        rowKey={(row) => row._id}
        server={list.server(tickets.data?.total ?? 0)}
        toolbar={
          ticketId ? undefined : (
            <div className="flex flex-wrap items-end gap-3">
              <StatusFilter options={FILTER_STATUSES} value={list.status} onChange={list.setStatus} />
              <SortSelect options={sortOptions} state={list.sort} onChange={list.setSort} />
              <ExportCsvButton listPath="/admin/getAllSupport" name="tickets" query={list.csvQuery} />
            </div>
          )
        }
        {...ADMIN_LIST}
        loading={tickets.isFetching}
        error={tickets.isError && !tickets.data ? errorMessage(tickets.error) : undefined}
        onRetry={() => void tickets.refetch()}
      />
      {ticketId ? (
        <div className="mt-6">
          <TicketConversation ticket={tickets.data?.content[0]} onReply={setAnswering} />
        </div>
      ) : null}
      <AnswerTicketDialog ticket={answering} onClose={() => setAnswering(null)} />
      <CloseTicketDialog ticket={closing} onClose={() => setClosing(null)} />
    </div>
  );
}
