import {
  type AdminSupportTicket,
  displayedTicketStatus,
  messages,
  SUPPORT_TICKET_STATUSES,
} from '@exchange/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type BadgeTone, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { adminRecordPath, paths } from '../../../lib/paths';
import { ExportCsvButton } from '../../../shared/history-export/export-csv-button';
import { KycUserAvatar } from '../../kyc/components/kyc-user-avatar';
import { ThreadMessages } from '../../support/components/ticket-thread';
import { useAdminSupport, useAdminTicketThread } from '../api/admin-ops';
import { ADMIN_LIST, UserCell } from '../components/admin-cells';
import { StatusFilter } from '../components/status-filter';
import { AnswerTicketDialog, CloseTicketDialog } from '../components/support-ticket-dialogs';

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

/** Admin support colours (spec section 4): ACTIVE green, PENDING yellow, CLOSED red. */
const TONES: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  SUCCESS: 'success',
  PENDING: 'warning',
  CLOSED: 'danger',
};

export function TicketStatus({ status }: { readonly status: AdminSupportTicket['status'] }) {
  const shown = displayedTicketStatus(status);
  return <StatusBadge status={shown} tone={TONES[shown] ?? 'neutral'} />;
}

/**
 * /admin-support: every ticket, kept fresh by polling; admins answer and close tickets here. Each
 * ticket's subject links to its own URL, /admin-support/<id> (issue 46), where the list is that ticket.
 */
export function AdminSupportPage() {
  const { id: ticketId } = useParams();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [answering, setAnswering] = useState<AdminSupportTicket | null>(null);
  const [closing, setClosing] = useState<AdminSupportTicket | null>(null);
  const [status, setStatus] = useState('');
  const list = useAdminSupport(ticketId ? 1 : page, ticketId ? '' : search, ticketId, ticketId ? '' : status);

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
        description={list.data ? `${list.data.total} tickets` : 'Loading…'}
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
        columns={columns}
        rows={list.data?.content}
        rowKey={(row) => row._id}
        server={{
          page,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          search,
          onSearch: setSearch,
          filter: status,
        }}
        toolbar={
          ticketId ? undefined : (
            <div className="flex flex-wrap items-end gap-3">
              <StatusFilter
                options={FILTER_STATUSES}
                value={status}
                onChange={(next) => {
                  setStatus(next);
                  setPage(1);
                }}
              />
              <ExportCsvButton
                listPath="/admin/getAllSupport"
                name="tickets"
                query={{ search, ...(status ? { status } : {}) }}
              />
            </div>
          )
        }
        {...ADMIN_LIST}
        loading={list.isFetching}
        error={list.isError && !list.data ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
      />
      {ticketId ? (
        <div className="mt-6">
          <TicketConversation ticket={list.data?.content[0]} onReply={setAnswering} />
        </div>
      ) : null}
      <AnswerTicketDialog ticket={answering} onClose={() => setAnswering(null)} />
      <CloseTicketDialog ticket={closing} onClose={() => setClosing(null)} />
    </div>
  );
}
