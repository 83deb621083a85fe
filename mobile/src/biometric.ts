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
 * A browser has no biometric prompt: this simulation passes, so the whole flow runs in a browser
 * and in end-to-end tests. A test can make it fail by setting
 * `window.portalBiometricSimulation = 'cancelled' | 'failed' | 'unavailable'`.
 */
export class WebBiometricBridge implements BiometricBridge {
  constructor(private readonly scope: { portalBiometricSimulation?: string } = globalThis as never) {}

  async availability(): Promise<BiometricAvailability> {
    return this.scope.portalBiometricSimulation === 'unavailable' ? { available: false } : { available: true, kind: 'unknown' };
  }

  async verify(): Promise<void> {
    const outcome = this.scope.portalBiometricSimulation;
    if (outcome === 'cancelled' || outcome === 'failed' || outcome === 'unavailable') throw new BiometricError(outcome);
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
