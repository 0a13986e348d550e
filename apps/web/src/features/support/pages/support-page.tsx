import { PageHeader } from '../../../components/ui/page-header';
import { TicketForm } from '../components/ticket-form';
import { TicketTable } from '../components/ticket-table';

/** /support, 'Help and Support': the user's tickets and a form to raise a new one. */
export function SupportPage() {
  return (
    <div>
      <PageHeader title="Help and Support" description="Ask us anything; we answer here and by e-mail." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <TicketForm />
        <section aria-labelledby="tickets-heading" className="min-w-0">
          <h2 id="tickets-heading" className="mb-3 text-lg font-semibold text-ink">
            Your tickets
          </h2>
          <TicketTable />
        </section>
      </div>
    </div>
  );
}
