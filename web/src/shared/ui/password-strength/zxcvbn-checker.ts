import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import commonWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import type { StrengthResult } from './strength';

// This module holds the dictionaries: it is only ever imported dynamically (strength.ts).
// English surnames and Wikipedia words (together ~380 KB gzip, nearly half of the whole) are left
// out to keep the download reasonable on phones; common passwords, common words, first names and
// word sequences stay, and the user's own names are passed in as user inputs.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common, 'commonWords-en': commonWords, 'firstnames-en': firstnames, ...wordSequences },
  graphs: adjacencyGraphs,
  translations,
});

export function checkPassword(password: string, userInputs: string[] = []): StrengthResult {
  const result = zxcvbn.check(password, userInputs);
  return {
    score: result.score as StrengthResult['score'],
    warning: result.feedback.warning ?? '',
    suggestions: result.feedback.suggestions ?? [],
  };
}
