import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_TEXT,
  DEFAULT_ERROR_TITLE,
  LOST_SESSION_PATH,
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  describeError,
  ensureFullStop,
} from './error-to-toast';

const generic = { kind: 'toast', title: DEFAULT_ERROR_TITLE, message: DEFAULT_ERROR_TEXT };
const shown = (text: string) => ({ kind: 'toast', title: DEFAULT_ERROR_TITLE, message: `${text} ${DEFAULT_ERROR_TEXT}` });

describe('describeError: lost session', () => {
  it.each([400, 401, 403, 404, 422, 500])('status %i with a lost-session message redirects to login', (status) => {
    expect(describeError({ status, api_message: 'This feature is not available without a valid session' })).toEqual({
      kind: 'redirect',
      to: LOST_SESSION_PATH,
    });
    expect(describeError({ status, api_message: 'Either existing session or username required' })).toEqual({
      kind: 'redirect',
      to: '/login?error=LostSession',
    });
  });

  it('does not redirect when the auth-failure action is switched off', () => {
    expect(
      describeError({ status: 401, api_message: 'Either existing session or username required' }, { skipAuthFailureAction: true }),
    ).toEqual(shown('Either existing session or username required.'));
  });

  it('does not redirect for statuses outside the handled list', () => {
    expect(describeError({ status: 409, api_message: 'This feature is not available without a valid session' })).toEqual(generic);
  });
});

describe('describeError: api_message shown', () => {
  it.each([400, 401, 403, 404, 422, 500])('status %i shows the message with a full stop and the general text', (status) => {
    expect(describeError({ status, api_message: 'The document could not be found' })).toEqual(
      shown('The document could not be found.'),
    );
  });

  it('removes the "Permission Error: " prefix', () => {
    expect(describeError({ status: 403, api_message: 'Permission Error: You cannot view this client' })).toEqual(
      shown('You cannot view this client.'),
    );
  });

  it('does not add a second full stop', () => {
    expect(describeError({ status: 400, api_message: 'Date is invalid.' })).toEqual(shown('Date is invalid.'));
  });
});

describe('describeError: hidden messages', () => {
  it.each([
    'CORBA.COMM_FAILURE: minor code 0',
    'Remote corba exception',
    'xplan.error.InternalFault',
    'XPLAN: something broke',
    'Internal Server Error',
    'Unexpected internal server error while saving',
  ])('%s is replaced by the generic text', (api_message) => {
    expect(describeError({ status: 500, api_message })).toEqual(generic);
  });

  it('hides messages that start with a configured platform name', () => {
    expect(describeError({ status: 400, api_message: 'Planner failure' }, { platformName: 'planner' })).toEqual(generic);
  });

  it('does not hide a message that merely mentions xplan later on', () => {
    expect(describeError({ status: 400, api_message: 'Your xplan account is locked' })).toEqual(
      shown('Your xplan account is locked.'),
    );
  });
});

describe('describeError: other cases', () => {
  it.each([400, 401, 403, 404, 422, 500])('status %i without an api_message shows the generic text', (status) => {
    expect(describeError({ status })).toEqual(generic);
    expect(describeError({ status, api_message: '   ' })).toEqual(generic);
  });

  it.each(['ajax timeout', 'ajax error 0'])('status 0 "%s" is a network toast', (message) => {
    expect(describeError({ status: 0, message })).toEqual({ kind: 'toast', title: NETWORK_ERROR_TITLE, message: NETWORK_ERROR_TEXT });
  });

  it('status 0 with another message is generic', () => {
    expect(describeError({ status: 0, message: 'aborted' })).toEqual(generic);
  });

  it.each([402, 405, 409, 429, 502, 503])('status %i is generic even with an api_message', (status) => {
    expect(describeError({ status, api_message: 'Something specific' })).toEqual(generic);
  });

  it('uses the exact default and network texts', () => {
    expect(DEFAULT_ERROR_TITLE).toBe('An error has occurred');
    expect(DEFAULT_ERROR_TEXT).toBe('Please try again. If the problem persists, contact your Financial Adviser.');
    expect(NETWORK_ERROR_TITLE).toBe('Network unavailable');
    expect(NETWORK_ERROR_TEXT).toBe('Please check you are connected to the internet and try again.');
  });
});

describe('ensureFullStop', () => {
  it('adds a full stop only when there is no terminal punctuation', () => {
    expect(ensureFullStop('Hello')).toBe('Hello.');
    expect(ensureFullStop('Hello.')).toBe('Hello.');
    expect(ensureFullStop('Really?')).toBe('Really?');
    expect(ensureFullStop('  Spaced  ')).toBe('Spaced.');
  });
});
