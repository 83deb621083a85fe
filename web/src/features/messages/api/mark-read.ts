import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/http';

/**
 * POST docnote-v2/{id}/firstread (spec 3 §4.1, §7.1): the client's read receipt. Afterwards the
 * folder counts are asked again, so the folders and the navigation badge drop together.
 */
export async function markRead(id: number): Promise<void> {
  await request(`docnote-v2/${id}/firstread`, { method: 'POST', body: {} });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages', 'count'] }),
  });
}
