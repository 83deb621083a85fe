import { describe, expect, it } from 'vitest';
import { OTHER_QUESTION, QUESTION_PLACEHOLDER, questionText, SECURITY_QUESTION_MESSAGES as M, validateSecurityQuestions } from './security-questions';

const pet = 'What was the name of your first pet?';
const city = 'In what town or city were you born?';
const q = (choice: string, answer: string, custom = '') => ({ choice, answer, custom });

describe('security questions validation', () => {
  it('accepts two different answered questions', () => {
    expect(validateSecurityQuestions([q(pet, 'Biscuit'), q(city, 'Bath')], 0).valid).toBe(true);
  });

  it('requires a question other than the placeholder', () => {
    const { errors, valid } = validateSecurityQuestions([q(QUESTION_PLACEHOLDER, 'x'), q('', 'y')], 0);
    expect(valid).toBe(false);
    expect(errors[0].choice).toBe('Please enter a security question.');
    expect(errors[1].choice).toBe(M.question);
  });

  it('requires the text of an Other question, at most 256 characters', () => {
    expect(validateSecurityQuestions([q(OTHER_QUESTION, 'a', '  '), q(city, 'b')], 0).errors[0].custom).toBe(M.question);
    expect(validateSecurityQuestions([q(OTHER_QUESTION, 'a', 'x'.repeat(257)), q(city, 'b')], 0).errors[0].custom).toBe(
      'Question needs to be at most 256 characters',
    );
    expect(validateSecurityQuestions([q(OTHER_QUESTION, 'a', 'x'.repeat(256)), q(city, 'b')], 0).valid).toBe(true);
    expect(questionText(q(OTHER_QUESTION, 'a', '  My own question? '))).toBe('My own question?');
  });

  it('checks answers: required, at most 256, at least the minimum', () => {
    expect(validateSecurityQuestions([q(pet, ' '), q(city, 'b')], 0).errors[0].answer).toBe(
      'Please enter an answer to your security question.',
    );
    expect(validateSecurityQuestions([q(pet, 'a'.repeat(257)), q(city, 'b')], 0).errors[0].answer).toBe(
      'Answer needs to be at most 256 characters',
    );
    expect(validateSecurityQuestions([q(pet, 'Biscuit'), q(city, 'Bath')], 8).errors).toEqual([
      { answer: 'Answer needs to be at least 8 characters' },
      { answer: 'Answer needs to be at least 8 characters' },
    ]);
    expect(validateSecurityQuestions([q(pet, 'Biscuits'), q(city, 'Bathwick')], 8).valid).toBe(true);
  });

  it('requires two different questions, custom ones too', () => {
    expect(validateSecurityQuestions([q(pet, 'a'), q(pet, 'b')], 0).errors[1].choice).toBe(
      'Please select two different security questions.',
    );
    const custom = validateSecurityQuestions([q(OTHER_QUESTION, 'a', 'Best friend?'), q(OTHER_QUESTION, 'b', ' best FRIEND? ')], 0);
    expect(custom.errors[1].custom).toBe(M.different);
    expect(custom.valid).toBe(false);
  });
});
