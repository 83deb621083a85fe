/**
 * Password strength (spec 1 §5, §9): zxcvbn's score 0-4 maps to five levels. The estimator and its
 * dictionaries are loaded on first use, never on the login route.
 */
export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong'] as const;

export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export interface StrengthResult {
  score: StrengthScore;
  warning: string;
  suggestions: string[];
}

export type StrengthChecker = (password: string, userInputs?: string[]) => StrengthResult;

export function strengthLabel(score: number): StrengthLabel {
  const index = Math.min(4, Math.max(0, Math.round(Number.isFinite(score) ? score : 0)));
  return STRENGTH_LABELS[index]!;
}

let loading: Promise<StrengthChecker> | null = null;

/** Loads the estimator once; a failed load may be tried again. */
export function loadStrengthChecker(): Promise<StrengthChecker> {
  loading ??= import('./zxcvbn-checker').then(
    (module) => module.checkPassword,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
