import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** The biometric permission: 1 granted, 0 not (never set is 0). */
export type BiometricPermission = 0 | 1;

/** GET and PUT /api/biometric/permission answer {permission: 1 | 0} (docs/api-contract.md). */
export const biometricPermissionSchema = z.object({ permission: z.union([z.literal(0), z.literal(1)]) });

/** GET /api/biometric/permission; UnexpectedAnswerError on a mismatch. */
export async function fetchBiometricPermission(): Promise<BiometricPermission> {
  const answer = await request<unknown>('biometric/permission', { base: 'api', notify: false });
  return parseAnswer(biometricPermissionSchema, answer, 'GET /api/biometric/permission').permission;
}

/** PUT /api/biometric/permission: the permission the server now holds. */
export async function saveBiometricPermission(permission: BiometricPermission): Promise<BiometricPermission> {
  const answer = await request<unknown>('biometric/permission', { base: 'api', method: 'PUT', body: { permission }, notify: false });
  return parseAnswer(biometricPermissionSchema, answer, 'PUT /api/biometric/permission').permission;
}

/** The signed-in user's own permission (cleared at logout). */
export const biometricPermissionQuery = () =>
  queryOptions({ queryKey: ['biometric-permission'], queryFn: fetchBiometricPermission, meta: { scope: 'user' } });

/** The permission as the server holds it. */
export function useBiometricPermission() {
  return useQuery(biometricPermissionQuery());
}

/** Saves the permission; on success the cached permission is the saved one. */
export function useSaveBiometricPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBiometricPermission,
    onSuccess: (saved) => queryClient.setQueryData(biometricPermissionQuery().queryKey, saved),
  });
}
