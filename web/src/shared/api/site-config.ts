import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';
import { normaliseSiteConfig, type SiteConfig } from '../config/site-config';

const text = z.optional(z.string());
const texts = z.optional(z.array(z.string()));
const userType = z.enum(['client', 'adviser']);

const navigationEntry = z.looseObject({
  type: z.enum(['page', 'url', 'none']),
  label: z.string(),
  path: text,
  url: text,
  userTypes: z.optional(z.array(userType)),
  locales: texts,
  placement: z.optional(z.enum(['main', 'account'])),
});

const textPage = z.looseObject({
  segment: z.string(),
  heading: z.string(),
  content: z.string(),
  showInFooter: z.optional(z.boolean()),
  linkLabel: text,
});

/**
 * The shape of site-config.json the app relies on (settings, content, branding, instance). Keys
 * the app does not read pass through; missing optional keys get the defaults of
 * normaliseSiteConfig. A wrong type (a segment that is a number, a list that is a string) is an
 * UnexpectedAnswerError: the start-up error page, not a crash deep in a page.
 */
export const siteConfigSchema = z.looseObject({
  settings: z.looseObject({
    productName: text,
    firmName: text,
    defaultLocale: text,
    clientBaseSegment: text,
    adviserBaseSegment: text,
    clientSegments: z.optional(z.record(z.string(), z.string())),
    portfolioSiteAccess: texts,
    assetSiteAccess: texts,
    messagesSiteAccess: texts,
    portfolioGrouping: z.optional(z.enum(['Consolidated', 'Group by account group', 'Split'])),
    profitAnalysisType: text,
    feesAndTaxes: z.optional(z.number()),
    sessionTimeout: z.optional(z.object({ end: z.number(), warning: z.number() })),
    greetingNameFormat: z.optional(z.enum(['first_name', 'preferred_name', 'display_name'])),
    siteTermsPath: text,
    maintenanceEnabled: z.optional(z.boolean()),
    showPasswordStrength: z.optional(z.boolean()),
    securityQuestionsSuccessUrl: text,
  }),
  content: z.looseObject({
    footerCopyright: text,
    textPages: z.optional(z.array(textPage)),
    siteTerms: z.optional(z.object({ heading: z.string(), disclaimer: z.string() })),
    maintenance: z.optional(z.object({ heading: z.string(), text: z.string() })),
    navigation: z.optional(z.array(navigationEntry)),
    loginHeading: text,
    loginIntro: text,
    securityQuestions: texts,
    passwordGuidance: text,
    additionalVerification: z.optional(z.object({ heading: text, returnUrl: text, composeUrl: text })),
    announcements: z.optional(z.array(z.looseObject({ hash: z.number(), header: z.nullish(z.string()), content: z.nullish(z.string()) }))),
  }),
  branding: z.looseObject({
    logo: z.string(),
    logoAlt: text,
    loginBackgroundDesktop: text,
    loginBackgroundTabletPortrait: text,
    loginBackgroundTabletLandscape: text,
    theme: z.optional(z.record(z.string(), z.string())),
  }),
  instance: z.optional(z.object({ environment: z.enum(['dev', 'technet', 'staging', 'uat', 'production']), firmId: z.string() })),
});

/** Parses and completes a site configuration (defaults for what it leaves out). */
export function parseSiteConfig(raw: unknown): SiteConfig {
  return normaliseSiteConfig(parseAnswer(siteConfigSchema, raw, 'GET /site-config.json'));
}

/**
 * GET /site-config.json, no-cache: the file can be replaced on the server without a rebuild.
 * Fetched once per page load by SiteConfigProvider and kept for the page's life (the firm's, not
 * the user's: never cleared at logout). No query options: the login route needs it and does not
 * load TanStack Query (web/README.md, "Login route budget").
 */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const raw = await request<unknown>('site-config.json', { base: 'root', notify: false, headers: { 'Cache-Control': 'no-cache' } });
  return parseSiteConfig(raw);
}
