import { describe, expect, it } from 'vitest';
import { attentionPanelAllowed, attentionPanelShown, countText, countToSign, importantText, toSignText } from './attention-rules';

describe('attention rules', () => {
  it('pluralises the important count, 20 or more reading 20+ (a page of 20)', () => {
    expect(importantText(1)).toBe('1 important document to read');
    expect(importantText(2)).toBe('2 important documents to read');
    expect(importantText(19)).toBe('19 important documents to read');
    expect(importantText(20)).toBe('20+ important documents to read');
  });

  it('pluralises the documents to sign, 100 reading 100+ (a page of 100)', () => {
    expect(toSignText(1)).toBe('1 document to sign');
    expect(toSignText(3)).toBe('3 documents to sign');
    expect(toSignText(100)).toBe('100+ documents to sign');
    expect(countText(99, 100)).toBe('99');
  });

  it('counts the documents waiting for a signature: awaiting or part signed, with a due date', () => {
    const due = '2026-12-16';
    const items = [
      { status: 4, duedate: due }, // awaiting signature: counts
      { status: 0, duedate: due }, // part signed: still awaits, counts
      { status: 1, duedate: due }, // signed
      { status: 2, duedate: due }, // declined
      { status: 3, duedate: due }, // pending (not yet sent for signing)
      { status: 4, duedate: null }, // no due date: not in the list (spec 3 §4.2)
    ];
    expect(countToSign(items)).toBe(2);
    expect(countToSign([])).toBe(0);
  });

  it('belongs to a ClientUser alone and hides when both counts are zero', () => {
    expect(attentionPanelAllowed('ClientUser')).toBe(true);
    expect(attentionPanelAllowed('User')).toBe(false);
    expect(attentionPanelAllowed(undefined)).toBe(false);
    expect(attentionPanelShown({ important: 0, toSign: 0 })).toBe(false);
    expect(attentionPanelShown(null)).toBe(false);
    expect(attentionPanelShown({ important: 1, toSign: 0 })).toBe(true);
    expect(attentionPanelShown({ important: 0, toSign: 2 })).toBe(true);
  });
});
