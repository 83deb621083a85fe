import { request } from '../../../shared/http';

export interface QuestionAndAnswer {
  question: string;
  answer: string;
}

/** POST /xplanapi/session/password_reset_questions: the login step and the account page. */
export function setSecurityQuestions(questions: [QuestionAndAnswer, QuestionAndAnswer]): Promise<void> {
  return request<void>('session/password_reset_questions', { method: 'POST', body: { questions }, notify: false });
}
