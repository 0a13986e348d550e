import { messages, type SessionView } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSessions, useSignOutSessions } from '../api/sessions';

/**
 * Every live session of the account as a card (device, network, signed in, last used), this device
 * marked; any other can be signed out, or all others at once, each after a confirmation.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const signOut = useSignOutSessions();
  // The session to sign out: an id, 'others' for all other sessions, null when no dialog is open.
  const [pending, setPending] = useState<string | null>(null);

  const confirm = async () => {
    try {
      const response = await signOut.mutateAsync(pending === 'others' ? null : pending);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  let body: React.ReactNode;
  if (sessions.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (sessions.isError)
    body = (
      <ErrorState
        title={messages.sessionsLoadFailed}
        message={errorMessage(sessions.error)}
        onRetry={() => void sessions.refetch()}
      />
    );
  else
    body = (
      <>
        <ul className="grid gap-3 md:grid-cols-2" aria-label={messages.sessionsTitle}>
          {sessions.data.map((session) => (
            <SessionCard key={session.id} session={session} onSignOut={() => setPending(session.id)} />
          ))}
        </ul>
        {others === 0 ? <p className="mt-3 text-sm text-muted">{messages.sessionsOnlyThisOne}</p> : null}
      </>
    );

  return (
    <Card
      title={messages.sessionsTitle}
      actions={
        others > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setPending('others')}>
            {messages.sessionsSignOutOthers}
          </Button>
        ) : null
      }
    >
      <p className="mb-4 text-sm text-muted">{messages.sessionsIntro}</p>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending === 'others' ? messages.sessionsSignOutOthers : messages.sessionSignOut}
        description={
          pending === 'others' ? messages.sessionsSignOutOthersConfirm : messages.sessionSignOutConfirm
        }
        confirmVariant="danger"
        onConfirm={confirm}
      />
    </Card>
  );
}

function SessionCard({
  session,
  onSignOut,
}: {
  readonly session: SessionView;
  readonly onSignOut: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-line bg-raised/40 p-3"
      data-testid="session-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-ink">{session.device}</span>
        {session.current ? <Badge tone="accent">{messages.sessionThisDevice}</Badge> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{messages.sessionNetwork}</dt>
        <dd className="break-all text-ink tabular-nums">{session.network}</dd>
        <dt className="text-muted">{messages.sessionSignedIn}</dt>
        <dd className="text-ink">{formatDateTime(session.created_at)}</dd>
        <dt className="text-muted">{messages.sessionLastUsed}</dt>
        <dd className="text-ink">{formatDateTime(session.last_used_at)}</dd>
      </dl>
      {session.current ? null : (
        <div>
          <Button variant="secondary" size="sm" onClick={onSignOut}>
            {messages.sessionSignOut}
          </Button>
        </div>
      )}
    </li>
  );
}
