import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';
import { forgetThisDevice, thisDeviceId } from '../biometric-login';

/** GET /api/biometric/devices: the user's active devices, newest first (docs/api-contract.md). */
export const biometricDevicesSchema = z.array(
  z.object({
    device_id: z.string(),
    device_name: z.string(),
    created_at: z.string(),
    last_used_at: z.nullable(z.string()),
  }),
);

/** A device set up for biometric login. */
export type BiometricDevice = z.output<typeof biometricDevicesSchema>[number];

/** GET /api/biometric/devices; UnexpectedAnswerError on a mismatch. */
export async function fetchBiometricDevices(): Promise<BiometricDevice[]> {
  const answer = await request<unknown>('biometric/devices', { base: 'api', notify: false });
  return parseAnswer(biometricDevicesSchema, answer, 'GET /api/biometric/devices');
}

/** DELETE /api/biometric/devices/{id} */
export function removeBiometricDevice(deviceId: string): Promise<void> {
  return request<void>(`biometric/devices/${encodeURIComponent(deviceId)}`, { base: 'api', method: 'DELETE', notify: false });
}

/** The signed-in user's devices (cleared at logout). */
export const biometricDevicesQuery = () =>
  queryOptions({ queryKey: ['biometric-devices'], queryFn: fetchBiometricDevices, meta: { scope: 'user' } });

/** The devices; asked only while the permission is granted (`enabled`). */
export function useBiometricDevices(enabled: boolean) {
  return useQuery({ ...biometricDevicesQuery(), enabled });
}

/** Asks for the device list again: after a device is set up, removed, or all revoked. */
export function useInvalidateBiometricDevices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: biometricDevicesQuery().queryKey });
}

/**
 * Removes a device (and, when it is this one, forgets its credential here); the list and this
 * device's id are asked for again afterwards, whatever the outcome.
 */
export function useRemoveBiometricDevice() {
  const invalidate = useInvalidateBiometricDevices();
  return useMutation({
    mutationFn: async ({ deviceId, isThisDevice }: { deviceId: string; isThisDevice: boolean }) => {
      await removeBiometricDevice(deviceId);
      if (isThisDevice) await forgetThisDevice();
    },
    onSettled: invalidate,
  });
}

/**
 * This device's id when it is set up for biometric login (the app's secure storage; null in a
 * browser). Under the list's key, so asking for the list again asks for it too.
 */
export const thisBiometricDeviceQuery = (mobileAppMode: boolean) =>
  queryOptions({
    queryKey: ['biometric-devices', 'this-device', mobileAppMode],
    queryFn: () => (mobileAppMode ? thisDeviceId() : Promise.resolve(null)),
    meta: { scope: 'user' },
  });

/** This device's id (null in a browser or when it is not set up); asked only with the list. */
export function useThisBiometricDevice(mobileAppMode: boolean, enabled: boolean) {
  return useQuery({ ...thisBiometricDeviceQuery(mobileAppMode), enabled });
}
