import { describe, expect, it } from 'vitest';
import type { ReportTemplate } from './api/report-templates';
import { formErrors, formReducer, initialForm, requestBody, type Member } from './report-form';

const t = (id: number, dateParameters: ReportTemplate['dateParameters'], requiredSelector: ReportTemplate['requiredSelector']): ReportTemplate => ({
  id,
  name: `T${id}`,
  dateParameters,
  userType: 'Client',
  requiredSelector,
});

const range = t(1, 'Date Range', 'Select Entity');
const single = t(2, 'Single Date', 'Account Group Or Account');
const current = t(3, 'No Date Required', 'Current Client Only');
const groupOnly = t(4, 'Single Date', 'Account Group');
const members: Member[] = [
  { entityId: 10, name: 'Me' },
  { entityId: 11, name: 'James Whitfield' },
];
const today = '2026-11-25';
const reduce = formReducer(members, today);

describe('the valuation report form (spec 2 §2.6)', () => {
  it('starts on the first template with Me and the default range (the last year to today)', () => {
    expect(initialForm([range, single], members, today)).toEqual({
      templateId: 1, entityId: 10, selection: '', asAt: '', from: '2025-11-25', to: '2026-11-25', sinceInception: false,
    });
  });

  it('resets the entity to the first member when the template does not need one', () => {
    let s = initialForm([range, current], members, today);
    s = reduce(s, { type: 'entity', entityId: 11 });
    expect(s.entityId).toBe(11);
    s = reduce(s, { type: 'template', template: current });
    expect(s.entityId).toBe(10);
  });

  it('keeps the chosen entity for a template that needs one', () => {
    let s = reduce(initialForm([range, single], members, today), { type: 'entity', entityId: 11 });
    s = reduce(s, { type: 'template', template: single });
    expect(s.entityId).toBe(11);
  });

  it('clears the group selection when the template does not need it, and an account for a group-only template', () => {
    let s = reduce(initialForm([single, range, groupOnly], members, today), { type: 'selection', value: 'group:RET' });
    expect(reduce(s, { type: 'template', template: range }).selection).toBe('');
    s = reduce(s, { type: 'selection', value: 'account:7' });
    expect(reduce(s, { type: 'template', template: groupOnly }).selection).toBe('');
    s = reduce(s, { type: 'selection', value: 'group:FAM' });
    expect(reduce(s, { type: 'template', template: groupOnly }).selection).toBe('group:FAM');
  });

  it('clears the selection when another entity is chosen (its groups are not theirs)', () => {
    const s = reduce(reduce(initialForm([single], members, today), { type: 'selection', value: 'group:RET' }), { type: 'entity', entityId: 11 });
    expect(s.selection).toBe('');
  });

  it('clears the dates when no date is required', () => {
    let s = reduce(initialForm([range, current], members, today), { type: 'from', value: '2026-01-01' });
    s = reduce(s, { type: 'sinceInception', value: true });
    expect(reduce(s, { type: 'template', template: current })).toMatchObject({ asAt: '', from: '', to: '', sinceInception: false });
  });

  it('moves a range to a single date at its end, and back', () => {
    let s = reduce(initialForm([range, single], members, today), { type: 'to', value: '2026-06-30' });
    s = reduce(s, { type: 'template', template: single });
    expect(s).toMatchObject({ asAt: '2026-06-30', from: '', to: '' });
    s = reduce(s, { type: 'template', template: range });
    expect(s).toMatchObject({ asAt: '', from: '2025-11-25', to: '2026-06-30' });
  });

  it('refuses an end before the start with the spec text, a missing selection, and a bad date', () => {
    const s = reduce(reduce(initialForm([range], members, today), { type: 'from', value: '2026-06-01' }), { type: 'to', value: '2026-05-01' });
    expect(formErrors(s, range)).toEqual({ to: 'You cannot select an End date earlier than the Start date.' });
    expect(formErrors({ ...s, sinceInception: true }, range)).toEqual({});
    const g = initialForm([single], members, today);
    expect(formErrors(g, single)).toEqual({ selection: 'Please choose an account group or account.' });
    expect(formErrors({ ...g, selection: 'group:RET', asAt: '2026-13-01' }, single)).toEqual({ asAt: 'Please enter a valid date.' });
  });

  it('makes the valuation request of spec 2 §3', () => {
    const s = reduce(reduce(initialForm([range], members, today), { type: 'entity', entityId: 11 }), { type: 'sinceInception', value: true });
    expect(requestBody(s, range, 10)).toEqual({ entityid: 11, variables: { to_date: '2026-11-25', since_inception: true } });
    const g = { ...initialForm([single], members, today), selection: 'account:7' };
    expect(requestBody(g, single, 10)).toEqual({ variables: { report_type: 'account', accountid: 7, as_at_date: '2026-11-25' } });
    expect(requestBody({ ...g, selection: 'group:RET' }, single, 10)).toEqual({ group_code: 'RET', variables: { report_type: 'group', as_at_date: '2026-11-25' } });
    expect(requestBody(initialForm([current], members, today), current, 10)).toEqual({ variables: {} });
  });
});
