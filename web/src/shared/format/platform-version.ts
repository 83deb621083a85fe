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
