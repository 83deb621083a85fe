/**
 * Platform version strings ("22.8.240", "22.9.237.1") and the rules that depend on them.
 */
export interface PlatformVersion {
  major: number;
  minor: number;
  patch: number;
}

export function parsePlatformVersion(value: string | null | undefined): PlatformVersion | null {
  const match = /^\s*(\d+)\.(\d+)(?:\.(\d+))?/.exec(value ?? '');
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

/**
 * Minimum length of a security answer (spec 1 §5): 8 characters when the platform version is
 * 22.8.234 or later within 22.8, or 22.9 up to 22.9.237; otherwise (other versions, or a version
 * that could not be read) 0.
 */
export function securityAnswerMinimum(version: string | null | undefined): number {
  const parsed = parsePlatformVersion(version);
  if (!parsed || parsed.major !== 22) return 0;
  if (parsed.minor === 8 && parsed.patch >= 234) return 8;
  if (parsed.minor === 9 && parsed.patch <= 237) return 8;
  return 0;
}

/**
 * Compares two version strings numerically part by part ("23.10.1" is after "23.9.999", which a
 * string comparison gets wrong); a missing part counts as 0, so "23.5" equals "23.5.0". Null
 * when either is not a dotted run of numbers (a build suffix after the numbers is ignored).
 */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): number | null {
  const parts = (value: string | null | undefined) => {
    const match = /^\s*v?(\d+(?:\.\d+)*)/i.exec(value ?? '');
    return match ? match[1]!.split('.').map(Number) : null;
  };
  const left = parts(a);
  const right = parts(b);
  if (!left || !right) return null;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** Whether a version is at least a minimum; an unknown version is not. */
export const versionAtLeast = (version: string | null | undefined, minimum: string): boolean => (compareVersions(version, minimum) ?? -1) >= 0;
