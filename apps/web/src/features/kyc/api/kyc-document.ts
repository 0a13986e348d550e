import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiBlob } from '../../../lib/api-client';
import { kycKeys } from './kyc-keys';

/**
 * A private KYC document image as an object URL (the owner's or, for admins, anyone's). The URL is
 * revoked when the component lets go of it.
 */
export function useKycDocumentUrl(filename: string | undefined) {
  const query = useQuery({
    queryKey: kycKeys.document(filename ?? ''),
    queryFn: ({ signal }) => apiBlob(`/kyc/document/${encodeURIComponent(filename ?? '')}`, signal),
    enabled: Boolean(filename),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
