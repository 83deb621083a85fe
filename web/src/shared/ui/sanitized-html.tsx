import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Only the formatting tags the announcement rule of spec 1 §5 allows. */
export const ANNOUNCEMENT_TAGS = ['p', 'li', 'ul', 'strong', 'a', 'em', 'ol'];

export function sanitizeHtml(html: string, allowedTags?: string[]): string {
  return DOMPurify.sanitize(html, {
    ...(allowedTags ? { ALLOWED_TAGS: allowedTags } : {}),
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

interface Props {
  html: string;
  allowedTags?: string[];
  className?: string;
}

/** Configuration HTML (text pages, copyright) is always sanitised before it reaches the DOM. */
export function SanitizedHtml({ html, allowedTags, className }: Props) {
  const clean = useMemo(() => sanitizeHtml(html, allowedTags), [html, allowedTags]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
