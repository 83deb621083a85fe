import { useEffect, useId, useState, type FormEvent } from 'react';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { fetchBiometricPermission, saveBiometricPermission, type BiometricPermission } from '../api/biometric-permission';
import { PERMISSION_LOAD_FAILED, PERMISSION_SAVE_FAILED, PERMISSION_SET_TOAST } from '../texts';

/** Local copy read by the login page in the mobile app (spec 1 §3 storage key). */
export const BIOMETRIC_STORAGE_KEY = 'permissionForBiometric';

function remember(permission: BiometricPermission) {
  try {
    localStorage.setItem(BIOMETRIC_STORAGE_KEY, String(permission));
  } catch {
    // Private browsing: the server keeps the choice.
  }
}

/** Biometric permission: one checkbox, Save enabled only after a change; stored as 1 or 0. */
export default function BiometricPermissionPage() {
  const toast = useToast();
  const ids = useId();
  usePageTitle('Biometric permission');
  const [saved, setSaved] = useState<BiometricPermission | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    fetchBiometricPermission().then(
      (permission) => {
        if (!active) return;
        setSaved(permission);
        setChecked(permission === 1);
        remember(permission);
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
  }, [toast]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const permission: BiometricPermission = checked ? 1 : 0;
    if (busy || permission === saved) return;
    setBusy(true);
    try {
      await saveBiometricPermission(permission);
      setSaved(permission);
      remember(permission);
      toast.show({ kind: 'success', message: PERMISSION_SET_TOAST });
    } catch {
      toast.show({ kind: 'error', title: 'An error has occurred', message: PERMISSION_SAVE_FAILED });
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
    </div>
  );
}
