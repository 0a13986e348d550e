import { type ApiKeyView, formatMessage, messages } from '@exchange/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useTwoFactorStatus } from '../../../shared/two-factor/use-two-factor-status';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateApiKeyDialog } from './create-api-key-dialog';

function columns(onRevoke: (key: ApiKeyView) => void): readonly Column<ApiKeyView>[] {
  return [
    {
      id: 'label',
      header: messages.apiKeyLabel,
      cell: (row) => <span className="break-all">{row.label}</span>,
    },
    {
      id: 'key_prefix',
      header: messages.apiKeyKey,
      cell: (row) => <code className="font-mono text-sm">{row.key_prefix}…</code>,
    },
    {
      id: 'permissions',
      header: messages.apiKeyPermissions,
      cell: (row) =>
        row.permissions.includes('trade') ? (
          <Badge tone="warning">{messages.apiKeyPermissionReadTrade}</Badge>
        ) : (
          <Badge tone="neutral">{messages.apiKeyPermissionRead}</Badge>
        ),
    },
    {
      id: 'ip_allow_list',
      header: messages.apiKeyIps,
      cell: (row) => (
        <span className="break-all tabular-nums">
          {row.ip_allow_list.length > 0 ? row.ip_allow_list.join(', ') : messages.apiKeyAnyIp}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: messages.apiKeyCreatedAt,
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.created_at)}</span>,
    },
    {
      id: 'last_used_at',
      header: messages.apiKeyLastUsed,
      cell: (row) => (
        <span className="whitespace-nowrap">
          {row.last_used_at ? formatDateTime(row.last_used_at) : messages.apiKeyNeverUsed}
        </span>
      ),
    },
    {
      id: 'actions',
      header: '',
      align: 'right',
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${messages.apiKeyRevoke} ${row.label}`}
          onClick={() => onRevoke(row)}
        >
          {messages.apiKeyRevoke}
        </Button>
      ),
    },
  ];
}

/**
 * The Security page's API keys: the live keys (label, the key's first characters, permissions,
 * allow-list, created, last used), ten a page from the server; 'Create API key' opens the dialog and
 * Revoke asks for a confirmation first.
 */
export function ApiKeysSection() {
  const [page, setPage] = useState(1);
  const keys = useApiKeys(page);
  const twoFactor = useTwoFactorStatus();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      const response = await revoke.mutateAsync(revoking.id);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card
      title={messages.apiKeysTitle}
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          {messages.apiKeyCreate}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-muted">{messages.apiKeysIntro}</p>
      <DataTable
        label={messages.apiKeysTitle}
        columns={columns(setRevoking)}
        rows={keys.data?.content}
        rowKey={(row) => row.id}
        server={{ page, total: keys.data?.total ?? 0, onPageChange: setPage }}
        loading={keys.isFetching}
        error={keys.error ? errorMessage(keys.error, messages.apiKeysLoadFailed) : undefined}
        onRetry={() => void keys.refetch()}
        emptyMessage={messages.apiKeysEmpty}
      />
      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        twoFactorOn={twoFactor.data?.enabled ?? false}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={messages.apiKeyRevoke}
        description={formatMessage(messages.apiKeyRevokeConfirm, { label: revoking?.label ?? '' })}
        confirmVariant="danger"
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
