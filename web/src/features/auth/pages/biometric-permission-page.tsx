import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { getWindowSettings } from '../../../shared/config/window-settings';
import { dayjs } from '../../../shared/format/dates';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { fetchBiometricDevices, removeBiometricDevice, type BiometricDevice } from '../api/biometric-devices';
import { fetchBiometricPermission, saveBiometricPermission, type BiometricPermission } from '../api/biometric-permission';
import { BIOMETRIC_TEXTS, enrolThisDevice, forgetThisDevice, rememberPermission, thisDeviceId } from '../biometric-login';
import { PERMISSION_LOAD_FAILED, PERMISSION_SAVE_FAILED, PERMISSION_SET_TOAST } from '../texts';
import './biometric-permission-page.css';

export const DEVICES_HEADING = 'Devices set up for biometric login';
export const DEVICE_REMOVED_TOAST = 'The device can no longer log in with biometrics';
const DEVICES_FAILED = 'Your devices could not be loaded.';
const REMOVE_FAILED = 'The device could not be removed. Please try again.';

/**
 * Biometric permission: one checkbox, Save enabled only after a change; stored as 1 or 0 (spec
 * 1 §2). In the app, granting it sets this device up for biometric login and withdrawing it
 * forgets the device; the devices set up are listed and each can be removed.
 */
export default function BiometricPermissionPage() {
  const toast = useToast();
  const ids = useId();
  usePageTitle('Biometric permission');
  const { mobileAppMode } = getWindowSettings();
  const [saved, setSaved] = useState<BiometricPermission | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [devices, setDevices] = useState<BiometricDevice[] | null>(null);
  const [localDevice, setLocalDevice] = useState<string | null>(null);

  const loadDevices = useCallback(async () => {
    try {
      const [list, mine] = await Promise.all([fetchBiometricDevices(), mobileAppMode ? thisDeviceId() : Promise.resolve(null)]);
      setDevices(list);
      setLocalDevice(mine);
    } catch {
      setDevices([]);
      toast.show({ kind: 'error', title: 'An error has occurred', message: DEVICES_FAILED });
    }
  }, [mobileAppMode, toast]);

  useEffect(() => {
    let active = true;
    fetchBiometricPermission().then(
      (permission) => {
        if (!active) return;
        setSaved(permission);
        setChecked(permission === 1);
        rememberPermission(permission);
        if (permission === 1) void loadDevices();
      },
      () => {
        if (!active) return;
        toast.show({ kind: 'error', title: 'An error has occurred', message: PERMISSION_LOAD_FAILED });
        setSaved(0);
      },
    );
    return () => {
      active = false;
    };
  }, [toast, loadDevices]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const permission: BiometricPermission = checked ? 1 : 0;
    if (busy || permission === saved) return;
    setBusy(true);
    try {
      await saveBiometricPermission(permission);
      setSaved(permission);
      rememberPermission(permission);
      toast.show({ kind: 'success', message: PERMISSION_SET_TOAST });
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: PERMISSION_SAVE_FAILED });
      setBusy(false);
      return;
    }
    try {
      // The server has revoked every device on 0; the app forgets its credential too.
      if (permission === 1 && mobileAppMode) await enrolThisDevice();
      if (permission === 0 && mobileAppMode) await forgetThisDevice();
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: BIOMETRIC_TEXTS.enrolFailed });
    }
    if (permission === 1) await loadDevices();
    else setDevices(null);
    setBusy(false);
  };

  const remove = async (device: BiometricDevice) => {
    setBusy(true);
    try {
      await removeBiometricDevice(device.device_id);
      if (device.device_id === localDevice) await forgetThisDevice();
      toast.show({ kind: 'success', message: DEVICE_REMOVED_TOAST });
      await loadDevices();
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: REMOVE_FAILED });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-card account-page">
      <h1>Biometric permission</h1>
      {saved === null ? (
        <InlineLoading />
      ) : (
        <form noValidate onSubmit={submit}>
          <div className="checkbox">
            <input id={`${ids}-grant`} type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
            <label htmlFor={`${ids}-grant`}>Grant permission to login via a biometric check</label>
          </div>
          <button type="submit" className="button" disabled={busy || (checked ? 1 : 0) === saved}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </form>
      )}
      {saved === 1 && devices !== null && (
        <section className="device-list" aria-labelledby={`${ids}-devices`}>
          <h2 id={`${ids}-devices`}>{DEVICES_HEADING}</h2>
          {devices.length === 0 ? (
            <p>No devices are set up. Open the app on your phone and grant permission there.</p>
          ) : (
            <ul>
              {devices.map((device) => (
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
