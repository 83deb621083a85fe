import type * as Mobile from '@portal/mobile';

type MobileModule = typeof Mobile;

/**
 * What the simulated biometric check of unit tests does next: pass, or fail as a real one can.
 * Reset it to 'pass' after a test that changes it.
 */
export const biometricSimulation: { outcome: 'pass' | Mobile.BiometricFailure } = { outcome: 'pass' };

/**
 * @portal/mobile for unit tests: the web bridges, except a biometric check that passes unless
 * biometricSimulation says otherwise. The app's own web bridge never passes (it fails closed),
 * and this file is imported only by tests, so the simulation is never part of a build. Use it as
 * `vi.mock('@portal/mobile', async (original) => (await import('…/simulated-biometric')).simulatedMobile(original))`.
 */
export async function simulatedMobile(importOriginal: () => Promise<MobileModule>): Promise<MobileModule> {
  const real = await importOriginal();
  const shared = real.createBridges(false);
  shared.biometric = {
    availability: async () => (biometricSimulation.outcome === 'unavailable' ? { available: false } : { available: true, kind: 'unknown' }),
    verify: async () => {
      if (biometricSimulation.outcome !== 'pass') throw new real.BiometricError(biometricSimulation.outcome);
    },
  };
  return { ...real, bridges: () => shared };
}
