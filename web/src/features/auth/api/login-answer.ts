import * as z from 'zod/mini';
import { sessionUserSchema } from '../../../shared/api/session';
import { parseAnswer } from '../../../shared/http/parse-answer';
import type { LoginResponse } from './login';

/**
 * The login answer (docs/api-contract.md, "The login answer") of auth/login and auth/tfa/validate.
 * Kept apart from login.ts so zod never rides on the login route's first load: login() loads this
 * module while its request is under way. An unknown loginStatus is a string, not a mismatch: the
 * flow shows its "not available yet" banner for it.
 */
export const loginAnswerSchema = z.object({
  loginStatus: z.string(),
  additionalLoginSteps: z.nullish(z.array(z.string())),
  user: z.nullish(sessionUserSchema),
  mfaMethod: z.nullish(z.string()),
  tfaMethods: z.nullish(z.array(z.string())),
  deviceEnrolled: z.nullish(z.boolean()),
  siteTerms: z.nullish(z.object({ heading: z.string(), disclaimer: z.string() })),
});

/** Parses a login answer; throws UnexpectedAnswerError (naming `call`) when it does not match. */
export function parseLoginAnswer(value: unknown, call: string): LoginResponse {
  const answer = parseAnswer(loginAnswerSchema, value, call);
  const response: LoginResponse = { loginStatus: answer.loginStatus };
  if (answer.additionalLoginSteps) response.additionalLoginSteps = answer.additionalLoginSteps;
  if (answer.user) response.user = { ...answer.user, tfaMethods: answer.user.tfaMethods ?? [] };
  if (answer.mfaMethod) response.mfaMethod = answer.mfaMethod;
  if (answer.tfaMethods) response.tfaMethods = answer.tfaMethods;
  if (answer.deviceEnrolled) response.deviceEnrolled = true;
  if (answer.siteTerms) response.siteTerms = answer.siteTerms;
  return response;
}
