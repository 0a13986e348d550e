import type { SupportCreateRequest, SupportTicket } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export interface CreateTicketResponse {
  readonly status: boolean;
  readonly message: string;
  readonly data: SupportTicket;
}

export function createTicket(body: SupportCreateRequest): Promise<CreateTicketResponse> {
  return apiClient.post<CreateTicketResponse>('/support/create', body);
}
