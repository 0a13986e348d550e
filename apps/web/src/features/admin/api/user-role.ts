import type { Role } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { adminUserKeys } from './admin-users';

/** POST /admin/set-user-role: makes a customer an admin or an admin a customer (audited). */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; role: Role }) =>
      apiClient.post<{ status: boolean; message: string; data: { role: Role } }>(
        '/admin/set-user-role',
        body,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
