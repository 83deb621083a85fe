/** The fixed texts of spec 3 for messages and documents (§2.1, §5, §8), exactly as written. */
export const MESSAGES_TEXTS = {
  heading: 'Messages and documents',
  empty: 'No messages for current selection',
  viewError: 'Document Container View Error',
  /** Spec 3 §2.1: 'Load more' in documents (this page), 'Load more...' in lists (the client list). */
  loadMore: 'Load more',
  subjectRequired: 'Please enter a message subject.',
  subjectTooLong: 'Subject must be under 256 characters.',
  tooManyAttachments: 'You can upload a maximum of 5 attachments.',
  fileTooLarge: 'File is too large, please remove.',
  fileTypeNotAllowed: 'File type not allowed, please remove.',
  fileTypeAndSize: 'File type not allowed and file is too large, please remove.',
  downloadViaXplan: 'Attachments can be downloaded via Xplan',
  riskyWarning: 'This file type may contain macros or other potentially harmful content. Make sure you trust the source before proceeding.',
  notVisibleToClient: 'Not visible to the client',
  sent: 'Message sent successfully.',
  sendFailed: 'There was a problem sending your message. Please contact us for assistance',
  attachmentsFailed: 'There has been a problem sending your attachments. Please review your sent messages.',
  notNotified: 'Message sent but no-one has been notified. Please contact us separately',
  /** Chosen: the spec names the flag (complete=false), not a text. */
  incomplete: 'Not all attachments of this message were sent.',
  /** Chosen: the leave-page warning's text (spec 3 §4.1 names the warning only). */
  leaveWhileSending: 'Your message is still being sent. If you leave now, it may not be sent in full.',
  sending: 'Sending your message…',
  /** Chosen: the documents' custom date range (spec 3 §9 gives the options, not these texts). */
  dateInvalid: 'Please enter a valid date.',
  dateFromAfterTo: 'The From date cannot be after the To date.',
} as const;

/** Chosen: the adviser's marker on a related entity's document (spec 3 §4.1 names the marker only). */
export const relatedEntityMarker = (name: string) => `Related entity: ${name}`;
