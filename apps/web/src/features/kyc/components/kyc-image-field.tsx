import { messages, UPLOAD_IMAGE_EXTENSIONS } from '@exchange/contracts';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useKycDocumentUrl } from '../api/kyc-document';
import { uploadKycImage } from '../api/upload-kyc-image';

interface KycImageFieldProps {
  readonly label: string;
  /** The stored file name, once uploaded (or from an earlier submission). */
  readonly value: string;
  readonly onChange: (filename: string) => void;
  readonly error?: string;
  readonly readOnly?: boolean;
}

const ACCEPT = 'image/png,image/jpeg,image/gif';

/**
 * A document image: choosing a file uploads it at once (the server checks and re-encodes it) and
 * shows a preview. The spec accepts png, jpg, jpeg and gif; an upload failure shows the toast
 * 'error' with the server's reason beneath it.
 */
export function KycImageField({ label, value, onChange, error, readOnly }: KycImageFieldProps) {
  const inputId = useId();
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // An image stored earlier (a rejected or pending submission) is fetched through the private route.
  const stored = useKycDocumentUrl(localPreview ? undefined : value || undefined);
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);
  const preview = localPreview ?? stored.url;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(UPLOAD_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
      toast.error(messages.uploadError, { description: messages.uploadImageType });
      return;
    }
    setUploading(true);
    try {
      const filename = await uploadKycImage(file);
      setLocalPreview(URL.createObjectURL(file));
      onChange(filename);
    } catch (failure) {
      toast.error(messages.uploadError, { description: errorMessage(failure) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-ink" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="flex aspect-[8/5] items-center justify-center overflow-hidden rounded-md border border-dashed border-line bg-raised">
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="h-full w-full object-contain" />
        ) : uploading || stored.isLoading ? (
          <Spinner label="Uploading" />
        ) : (
          <span className="px-4 text-center text-xs text-muted">PNG, JPG, JPEG or GIF, up to 5 MB</span>
        )}
      </div>
      {readOnly ? null : (
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center justify-center rounded-md border border-line px-3 text-sm font-medium text-ink hover:border-muted focus-within:outline-2 focus-within:outline-accent"
        >
          {uploading
            ? 'Uploading…'
            : value
              ? `Change ${label.toLowerCase()}`
              : `Choose ${label.toLowerCase()}`}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={uploading}
            aria-labelledby={`${inputId}-label`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
