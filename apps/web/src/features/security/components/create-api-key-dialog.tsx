import {
  type CreateApiKeyRequest,
  type CreatedApiKey,
  createApiKeyRequestSchema,
  messages,
} from '@exchange/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/input';
import { Modal, ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { SecondFactorInput } from '../../../shared/two-factor/second-factor-input';
import { useCreateApiKey } from '../api/api-keys';

interface CreateForm {
  label: string;
  access: 'read' | 'trade';
  ips: string;
  totp?: string;
  recovery_code?: string;
}

/** Which form field shows a problem the request schema found at a path. */
const FIELD_OF: Record<string, keyof CreateForm> = {
  label: 'label',
  permissions: 'access',
  ip_allow_list: 'ips',
  totp: 'totp',
  recovery_code: 'recovery_code',
};

function requestOf(form: CreateForm): CreateApiKeyRequest {
  return {
    label: form.label,
    permissions: form.access === 'trade' ? ['read', 'trade'] : ['read'],
    ip_allow_list: form.ips.split(/[\s,]+/).filter(Boolean),
    ...(form.totp ? { totp: form.totp } : {}),
    ...(form.recovery_code ? { recovery_code: form.recovery_code } : {}),
  };
}

/**
 * 'Create API key': a label, read or read and trade, an optional IP allow-list and, with two-factor
 * on, a code; checked with the request's own schema before it is sent. The answer's key and secret
 * are then shown this once, with Copy buttons and the warning, until the person says Done.
 */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  twoFactorOn,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly twoFactorOn: boolean;
}) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    register,
    unregister,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateForm>({ defaultValues: { label: '', access: 'read', ips: '' } });

  const close = () => {
    setCreated(null);
    reset();
    onOpenChange(false);
  };
  const submit = handleSubmit(async (form) => {
    const request = requestOf(form);
    const checked = createApiKeyRequestSchema.safeParse(request);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field) setError(field, { message: issue.message });
      }
      return;
    }
    try {
      const response = await create.mutateAsync(request);
      toast.success(response.message);
      setCreated(response.data);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (created)
    return (
      <Modal
        open={open}
        onOpenChange={close}
        title={messages.apiKeyCreated}
        dismissible={false}
        footer={<Button onClick={close}>{messages.apiKeyDone}</Button>}
      >
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-ink">
            {messages.apiKeySecretOnce}
          </p>
          <ShownOnce id="created-api-key" label={messages.apiKeyKey} value={created.api_key} />
          <ShownOnce id="created-api-secret" label={messages.apiKeySecret} value={created.secret} />
        </div>
      </Modal>
    );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={messages.apiKeyCreate}
    >
      <ModalForm onSubmit={submit}>
        <ModalBody className="flex flex-col gap-4">
          <Input
            label={messages.apiKeyLabel}
            placeholder={messages.apiKeyLabelPlaceholder}
            autoComplete="off"
            error={errors.label?.message}
            {...register('label')}
          />
          <Select
            label={messages.apiKeyPermissions}
            options={[
              { value: 'read', label: messages.apiKeyPermissionRead },
              { value: 'trade', label: messages.apiKeyPermissionReadTrade },
            ]}
            error={errors.access?.message}
            {...register('access')}
          />
          <Input
            label={messages.apiKeyIpAllowList}
            hint={messages.apiKeyIpAllowListHint}
            autoComplete="off"
            spellCheck={false}
            error={errors.ips?.message}
            {...register('ips')}
          />
          {twoFactorOn ? (
            <SecondFactorInput
              register={(field) => register(field, { shouldUnregister: true })}
              unregister={unregister}
              errors={{ totp: errors.totp?.message, recoveryCode: errors.recovery_code?.message }}
            />
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={close}>
            {messages.apiKeyCancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {messages.apiKeyCreate}
          </Button>
        </ModalFooter>
      </ModalForm>
    </Modal>
  );
}

function ShownOnce({
  id,
  label,
  value,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-muted">{label}</span>
      <div className="flex items-start gap-2">
        <code
          id={id}
          data-testid={id}
          className="min-w-0 flex-1 break-all rounded-md border border-line bg-raised/40 p-2 font-mono text-sm text-ink"
        >
          {value}
        </code>
        <CopyButton value={value} targetId={id} label={`${messages.apiKeyCopy} ${label}`} />
      </div>
    </div>
  );
}
