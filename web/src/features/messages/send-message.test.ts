import { describe, expect, it, vi } from 'vitest';
import type { DocnoteItem } from './api/docnote-item';
import { outgoingBody, sendMessage, type Draft, type SendCalls } from './send-message';

const created: DocnoteItem = { id: 501, subject: 'Hello', has_been_seen: true, created_date: '2026-11-25T10:00:00Z' };
const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });
const draft: Draft = { subject: 'Hello €', body: 'Body', files: [file('a.pdf'), file('b.pdf')], entityId: 1001, accounts: [11], replyTo: 101 };

function calls(overrides: Partial<SendCalls> = {}) {
  const order: string[] = [];
  const base: SendCalls = {
    create: vi.fn(async () => {
      order.push('create');
      return created;
    }),
    markRead: vi.fn(async (id) => void order.push(`firstread ${id}`)),
    upload: vi.fn(async (id, f: File) => void order.push(`upload ${id} ${f.name}`)),
    notify: vi.fn(async (id) => void order.push(`email ${id}`)),
  };
  return { order, calls: { ...base, ...overrides } };
}

describe('the send sequence (spec 3 §4.1)', () => {
  it('creates, marks read, uploads each attachment, then notifies', async () => {
    const { order, calls: c } = calls();
    expect(await sendMessage(draft, c)).toEqual({ kind: 'sent', id: 501, sentFiles: ['a.pdf', 'b.pdf'], failedFiles: [], notified: true });
    expect(order).toEqual(['create', 'firstread 501', 'upload 501 a.pdf', 'upload 501 b.pdf', 'email 501']);
    expect(c.create).toHaveBeenCalledWith({ subject: 'Hello', body: '<p>Body</p>', entity_id: 1001, accounts: [11], reply_to: 101, attachment_count: 2 });
  });

  it('a failed create sends nothing else', async () => {
    const { order, calls: c } = calls({ create: vi.fn(async () => Promise.reject(new Error('400'))) });
    expect(await sendMessage(draft, c)).toEqual({ kind: 'not-sent' });
    expect(order).toEqual([]);
  });

  it('says exactly which files were sent and which were not', async () => {
    const { calls: c } = calls({ upload: vi.fn(async (_id, f: File) => (f.name === 'b.pdf' ? Promise.reject(new Error('413')) : undefined)) });
    expect(await sendMessage(draft, c)).toEqual({ kind: 'sent', id: 501, sentFiles: ['a.pdf'], failedFiles: ['b.pdf'], notified: true });
  });

  it('reports a failed notification', async () => {
    const { calls: c } = calls({ notify: vi.fn(async () => Promise.reject(new Error('502'))) });
    expect(await sendMessage(draft, c)).toMatchObject({ kind: 'sent', notified: false, failedFiles: [] });
  });

  it('a failed read receipt does not stop the message', async () => {
    const { order, calls: c } = calls({ markRead: vi.fn(async () => Promise.reject(new Error('500'))) });
    expect(await sendMessage(draft, c)).toMatchObject({ kind: 'sent', notified: true });
    expect(order).toEqual(['create', 'upload 501 a.pdf', 'upload 501 b.pdf', 'email 501']);
  });
});

describe('the body as sent', () => {
  it('is sanitised and Latin-1', () => {
    expect(outgoingBody('<script>alert(1)</script> hi 😀')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; hi</p>');
  });
});
