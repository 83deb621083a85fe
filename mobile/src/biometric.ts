/** Why a biometric check did not pass. */
export type BiometricFailure = 'cancelled' | 'failed' | 'unavailable' | 'lockout';

export class BiometricError extends Error {
  override readonly name = 'BiometricError';
  constructor(readonly reason: BiometricFailure, message?: string) {
    super(message ?? `Biometric check ${reason}`);
  }
}

export interface BiometricAvailability {
  available: boolean;
  /** face, fingerprint or iris when known. */
  kind?: 'face' | 'fingerprint' | 'iris' | 'unknown';
}

/** The platform's biometric check (Face ID, Touch ID, Android BiometricPrompt). */
export interface BiometricBridge {
  availability(): Promise<BiometricAvailability>;
  /** Resolves when the user passed the check; rejects with BiometricError otherwise. */
  verify(reason: string): Promise<void>;
}

/**
 * A browser has no biometric prompt, so outside the native shell biometric login is unavailable
 * and the check never passes: it fails closed. There is no switch that makes it pass; unit tests
 * replace the bridge (web/src/test/simulated-biometric.ts) and end-to-end tests fake the native
 * shell's plugin (web/e2e/native-shell.ts), so no passing path ships in the app.
 */
export class WebBiometricBridge implements BiometricBridge {
  async availability(): Promise<BiometricAvailability> {
    return { available: false };
  }

  async verify(): Promise<void> {
    throw new BiometricError('unavailable');
  }
}

/** @aparajita/capacitor-biometric-auth in the native shell (loaded only there). */
export class NativeBiometricBridge implements BiometricBridge {
  private plugin() {
    return import('@aparajita/capacitor-biometric-auth');
  }

  async availability(): Promise<BiometricAvailability> {
    const { BiometricAuth, BiometryType } = await this.plugin();
    const result = await BiometricAuth.checkBiometry();
    const kinds: Record<number, BiometricAvailability['kind']> = {
      [BiometryType.faceId]: 'face',
      [BiometryType.faceAuthentication]: 'face',
      [BiometryType.touchId]: 'fingerprint',
      [BiometryType.fingerprintAuthentication]: 'fingerprint',
      [BiometryType.irisAuthentication]: 'iris',
    };
    return { available: result.isAvailable, kind: kinds[result.biometryType] ?? 'unknown' };
  }

  async verify(reason: string): Promise<void> {
    const { BiometricAuth, BiometryErrorType } = await this.plugin();
    try {
      // No device passcode fallback: the credential must be unlocked by a biometric check.
      await BiometricAuth.authenticate({ reason, cancelTitle: 'Cancel', allowDeviceCredential: false, androidTitle: 'Log in', androidSubtitle: reason });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === BiometryErrorType.userCancel || code === BiometryErrorType.appCancel || code === BiometryErrorType.systemCancel) {
        throw new BiometricError('cancelled');
      }
      if (code === BiometryErrorType.biometryLockout) throw new BiometricError('lockout');
      if (code === BiometryErrorType.biometryNotAvailable || code === BiometryErrorType.biometryNotEnrolled) {
        throw new BiometricError('unavailable');
      }
      throw new BiometricError('failed');
    }
  }
}
