import { useEffect, useId, useState, type FormEvent } from 'react';
import { getWindowSettings } from '../../../shared/config/window-settings';
import { dayjs } from '../../../shared/format/dates';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import {
  useBiometricDevices,
  useInvalidateBiometricDevices,
  useRemoveBiometricDevice,
  useThisBiometricDevice,
  type BiometricDevice,
} from '../api/biometric-devices';
import { useBiometricPermission, useSaveBiometricPermission, type BiometricPermission } from '../api/biometric-permission';
import { BIOMETRIC_TEXTS, enrolThisDevice, forgetThisDevice, rememberPermission } from '../biometric-login';
import { PERMISSION_LOAD_FAILED, PERMISSION_SAVE_FAILED, PERMISSION_SET_TOAST } from '../texts';
import './biometric-permission-page.css';

export const DEVICES_HEADING = 'Devices set up for biometric login';
export const DEVICE_REMOVED_TOAST = 'The device can no longer log in with biometrics';
export const DEVICES_FAILED = 'Your devices could not be loaded.';
const REMOVE_FAILED = 'The device could not be removed. Please try again.';
const NO_DEVICES: BiometricDevice[] = [];

/**
 * Biometric permission: one checkbox, Save enabled only after a change; stored as 1 or 0 (spec
 * 1 §2). In the app, granting it sets this device up for biometric login and withdrawing it
 * forgets the device; the devices set up are listed and each can be removed. Server state is
 * TanStack Query (api/biometric-*.ts): the list is asked for again after a grant, a withdrawal or
 * a removal.
 */
export default function BiometricPermissionPage() {
  const toast = useToast();
  const ids = useId();
  usePageTitle('Biometric permission');
  const { mobileAppMode } = getWindowSettings();
  const permission = useBiometricPermission();
  // A permission that cannot be loaded is shown as not granted (spec 1 §8: an error toast).
  const saved: BiometricPermission | null = permission.data ?? (permission.isError ? 0 : null);
  const [busy, setBusy] = useState(false);
  // Not asked while a grant sets this device up or a device goes: the list is asked for once after.
  const listed = saved === 1 && !busy;
  const devices = useBiometricDevices(listed);
  const localDevice = useThisBiometricDevice(mobileAppMode, listed).data ?? null;
  const save = useSaveBiometricPermission();
  const removeDevice = useRemoveBiometricDevice();
  const invalidateDevices = useInvalidateBiometricDevices();
  // The box follows the saved value until the user changes it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? saved === 1;

  useEffect(() => {
    if (permission.data !== undefined) rememberPermission(permission.data);
  }, [permission.data]);
  useEffect(() => {
    if (permission.isError) toast.show({ kind: 'error', title: 'An error has occurred', message: PERMISSION_LOAD_FAILED });
  }, [permission.isError, toast]);
  useEffect(() => {
    if (devices.isError) toast.show({ kind: 'error', title: 'An error has occurred', message: DEVICES_FAILED });
  }, [devices.isError, toast]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted: BiometricPermission = checked ? 1 : 0;
    if (busy || wanted === saved) return;
    setBusy(true);
    try {
      const stored = await save.mutateAsync(wanted);
      rememberPermission(stored);
      toast.show({ kind: 'success', message: PERMISSION_SET_TOAST });
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: PERMISSION_SAVE_FAILED });
      setBusy(false);
      return;
    }
    try {
      // The server has revoked every device on 0; the app forgets its credential too.
      if (wanted === 1 && mobileAppMode) await enrolThisDevice();
      if (wanted === 0 && mobileAppMode) await forgetThisDevice();
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: BIOMETRIC_TEXTS.enrolFailed });
    }
    await invalidateDevices();
    setChoice(null);
    setBusy(false);
  };

  const remove = async (device: BiometricDevice) => {
    setBusy(true);
    try {
      await removeDevice.mutateAsync({ deviceId: device.device_id, isThisDevice: device.device_id === localDevice });
      toast.show({ kind: 'success', message: DEVICE_REMOVED_TOAST });
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: REMOVE_FAILED });
    } finally {
      setBusy(false);
    }
  };

  const deviceList = devices.isError ? NO_DEVICES : devices.data;

  return (
    <div className="page-card account-page">
      <h1>Biometric permission</h1>
      {saved === null ? (
        <InlineLoading />
      ) : (
        <form noValidate onSubmit={submit}>
          <div className="checkbox">
            <input id={`${ids}-grant`} type="checkbox" checked={checked} onChange={(event) => setChoice(event.target.checked)} />
            <label htmlFor={`${ids}-grant`}>Grant permission to login via a biometric check</label>
          </div>
          <button type="submit" className="button" disabled={busy || (checked ? 1 : 0) === saved}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </form>
      )}
      {saved === 1 && deviceList !== undefined && (
        <section className="device-list" aria-labelledby={`${ids}-devices`}>
          <h2 id={`${ids}-devices`}>{DEVICES_HEADING}</h2>
          {deviceList.length === 0 ? (
            <p>No devices are set up. Open the app on your phone and grant permission there.</p>
          ) : (
            <ul>
              {deviceList.map((device) => (
                <li key={device.device_id}>
                  <span>
                    <strong>{device.device_name}</strong>
                    {device.device_id === localDevice && ' (this device)'}
                    <br />
                    <small>
                      Set up {dayjs(device.created_at).format('D MMM YYYY')}
                      {device.last_used_at ? `, last used ${dayjs(device.last_used_at).format('D MMM YYYY H:mm')}` : ', not used yet'}
                    </small>
                  </span>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Remove ${device.device_name}`}
                    disabled={busy}
                    onClick={() => void remove(device)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
