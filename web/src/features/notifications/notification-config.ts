import * as z from 'zod/mini';
import type { SiteConfig } from '../../shared/config/site-config';
import { NOTIFICATION_TYPES, type NotificationConfig, type NotificationType } from './notification-state';

/**
 * The firm's notification items and journey pages (site configuration, settings.notifications):
 * per type the modal's and panel's texts (spec 3 §3.3) and, for the journey pages, what the
 * journey is and where the firm runs it. A type the firm does not configure is off (the
 * notification type toggle of spec 3 §4.3).
 */
const itemSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES as [NotificationType, ...NotificationType[]]),
  header: z.string(),
  message: z.string(),
  actionButtonText: z.string(),
  speakToAdviserButtonText: z.string(),
  speakToAdviserConfirmationText: z.string(),
  redirectUrl: z.string(),
  emailTemplateId: z.nullish(z.number()),
});

const journeySchema = z.object({
  heading: z.string(),
  /** Paragraphs of plain text. */
  description: z.array(z.string()),
  /** Where the firm runs the journey (fact find, assessment): opened by Start / Continue. */
  journeyUrl: z.nullish(z.string()),
});

const configSchema = z.object({
  items: z.array(itemSchema),
  journeys: z.optional(z.partialRecord(z.enum(NOTIFICATION_TYPES as [NotificationType, ...NotificationType[]]), journeySchema)),
});

export type JourneyConfig = z.infer<typeof journeySchema>;

export interface NotificationsConfig {
  items: NotificationConfig[];
  journeys: Partial<Record<NotificationType, JourneyConfig>>;
}

const NONE: NotificationsConfig = { items: [], journeys: {} };

/** The configured notifications; a missing or malformed block turns the notifications off. */
export function notificationsConfig(site: SiteConfig): NotificationsConfig {
  const result = configSchema.safeParse((site.settings as { notifications?: unknown }).notifications);
  if (!result.success) return NONE;
  return { items: result.data.items.map((i) => ({ ...i, emailTemplateId: i.emailTemplateId ?? null })), journeys: result.data.journeys ?? {} };
}
