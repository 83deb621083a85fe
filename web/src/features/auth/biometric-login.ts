import { isApiError, request } from '../../shared/http';
import type { SessionUser } from '../../shared/session/session-user';

/** The biometric permission's local copy (spec 1 §3 storage key), read by the login page. */
export const BIOMETRIC_STORAGE_KEY = 'permissionForBiometric';
/** Where the device credential lives in secure storage (never in localStorage). */
export const DEVICE_CREDENTIAL_KEY = 'biometric-device';

export const BIOMETRIC_TEXTS = {
  button: 'Login using biometrics',
  busy: 'Checking...',
  cancelled: 'The biometric check was cancelled. Log in with your username and password, or try again.',
  failed: 'Your biometric check did not succeed. Please log in with your username and password.',
  lockout: 'Biometric checks are locked on this device after too many attempts. Please log in with your username and password.',
  notSetUp: 'Biometric login is not set up on this device any more. Please log in with your username and password.',
  enrolFailed: 'This device could not be set up for biometric login. Please try again.',
} as const;

/** A biometric login that did not go through; message is for the login form. */
export class BiometricLoginError extends Error {
  override readonly name = 'BiometricLoginError';
}

interface StoredDevice {
  device_id: string;
  credential: string;
}

/** Whether the login page offers biometric login: only in the app, and only with permission 1 (spec 1 §2). */
export function biometricLoginOffered(mobileAppMode: boolean, storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): boolean {
  if (!mobileAppMode || !storage) return false;
  try {
    return storage.getItem(BIOMETRIC_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Keeps the permission's local copy in step with the server's (private browsing: skipped). */
export function rememberPermission(permission: 0 | 1): void {
  try {
    localStorage.setItem(BIOMETRIC_STORAGE_KEY, String(permission));
  } catch {
    // The server keeps the choice.
  }
}

/** A name for this device in the list of devices, from its user agent. */
export function deviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? 'Android phone' : 'Android tablet';
  return 'Mobile device';
}

// The bridges load on demand: the plain login form never pays for them.
const loadBridges = async () => (await import('@portal/mobile')).bridges();

async function readDevice(): Promise<StoredDevice | null> {
  const raw = await (await loadBridges()).secureStore.get(DEVICE_CREDENTIAL_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredDevice>;
    return parsed.device_id && parsed.credential ? { device_id: parsed.device_id, credential: parsed.credential } : null;
  } catch {
    return null;
  }
}

async function writeDevice(device: StoredDevice): Promise<void> {
  await (await loadBridges()).secureStore.set(DEVICE_CREDENTIAL_KEY, JSON.stringify(device));
}

/** Forgets this device's credential (permission withdrawn, device removed, credential refused). */
export async function forgetThisDevice(): Promise<void> {
  await (await loadBridges()).secureStore.remove(DEVICE_CREDENTIAL_KEY);
}

/** This device's id, when it is enrolled. */
export async function thisDeviceId(): Promise<string | null> {
  return (await readDevice())?.device_id ?? null;
}

/** Enrols this device (the permission is 1): the credential goes to secure storage. */
export async function enrolThisDevice(userAgent: string = globalThis.navigator?.userAgent ?? ''): Promise<void> {
  const device = await request<StoredDevice>('biometric/devices', {
    base: 'api',
    method: 'POST',
    body: { device_name: deviceName(userAgent) },
    notify: false,
  });
  await writeDevice(device);
}

/**
 * The biometric check, then the device credential exchanged for a session; the next credential
 * replaces the spent one. Any refusal sends the user to the password form with a message.
 */
export async function loginWithBiometrics(productName: string): Promise<SessionUser> {
  const bridges = await loadBridges();
  try {
    await bridges.biometric.verify(`Log in to ${productName}`);
  } catch (error) {
    const reason = (error as { reason?: string }).reason;
    throw new BiometricLoginError(reason === 'cancelled' ? BIOMETRIC_TEXTS.cancelled : reason === 'lockout' ? BIOMETRIC_TEXTS.lockout : BIOMETRIC_TEXTS.failed);
  }
  const device = await readDevice();
  if (!device) throw new BiometricLoginError(BIOMETRIC_TEXTS.notSetUp);
  let answer: { user: SessionUser; credential: string };
  try {
    answer = await request('biometric/login', { base: 'api', method: 'POST', body: device, notify: false, attempts: 1 });
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      if (error.status === 401) await forgetThisDevice();
      throw new BiometricLoginError(error.user_message ?? BIOMETRIC_TEXTS.notSetUp);
    }
    throw error;
  }
  await writeDevice({ device_id: device.device_id, credential: answer.credential });
  return answer.user;
}
