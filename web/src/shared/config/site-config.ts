/**
 * The site configuration (GET /site-config.json), fetched once at start and kept for the
 * session. Only the keys the app reads today are typed; the file may carry more.
 */
export type ClientChildKey =
  | 'home'
  | 'analysis'
  | 'balance-sheet'
  | 'documents-and-messages'
  | 'personal-details'
  | 'adviser-details'
  | 'preferences'
  | 'security-questions'
  | 'change-password'
  | 'annual-review'
  | 'additional-verification'
  | 'biometric-permission'
  | 'valuation-report';

export const CLIENT_CHILD_KEYS: readonly ClientChildKey[] = [
  'home',
  'analysis',
  'balance-sheet',
  'documents-and-messages',
  'personal-details',
  'adviser-details',
  'preferences',
  'security-questions',
  'change-password',
  'annual-review',
  'additional-verification',
  'biometric-permission',
  'valuation-report',
];

export type UserType = 'client' | 'adviser';

export interface NavigationEntry {
  type: 'page' | 'url' | 'none';
  label: string;
  path?: string;
  url?: string;
  /** Limits the entry to these user types; absent means everyone. */
  userTypes?: UserType[];
  /** Limits the entry to these locales (e.g. "en-gb"); absent means every locale. */
  locales?: string[];
  /** Where the entry appears: the main bar or the My Account menu. */
  placement?: 'main' | 'account';
}

export interface TextPageConfig {
  segment: string;
  heading: string;
  /** HTML, sanitised with DOMPurify before it is rendered. */
  content: string;
  /** Whether the footer links to it. */
  showInFooter?: boolean;
  /** Footer link text; defaults to the heading. */
  linkLabel?: string;
}

export interface SiteSettings {
  productName: string;
  firmName: string;
  defaultLocale: string;
  clientBaseSegment: string;
  adviserBaseSegment: string;
  clientSegments: Record<ClientChildKey, string>;
  portfolioSiteAccess: string[];
  assetSiteAccess: string[];
  messagesSiteAccess: string[];
  portfolioGrouping: 'Consolidated' | 'Group by account group' | 'Split';
  profitAnalysisType: string;
  feesAndTaxes: number;
  sessionTimeout: { end: number; warning: number };
  greetingNameFormat?: 'first_name' | 'preferred_name' | 'display_name';
  siteTermsPath: string;
  maintenanceEnabled?: boolean;
  /** The password strength meter (zxcvbn) on password forms; false switches it off. Default true. */
  showPasswordStrength: boolean;
  /** Where the Security questions page goes after saving. Default the client section root. */
  securityQuestionsSuccessUrl: string;
  /** Spec 2 §3, §9: a hold-back period (days, or a flag): data ends yesterday. Read by features/portfolio. */
  holdBackPeriod?: number | boolean;
  /** Spec 2 §3: historic data in use (hides a TWRR performance figure on the dashboard). */
  useHistoricData?: boolean;
  /**
   * Spec 2 §5: fees, taxes and the value after them on transactions, each 'Do Not Hide' (default),
   * 'Hide For All Transactions' or 'Hide For Income Transactions Only'. Read by features/analysis.
   */
  transactionFeesAndTaxes?: { fees?: string; taxes?: string; valueAfterFeesAndTaxes?: string };
  /** The dashboard's switches (spec 2 §2.1, §2.2); features/portfolio fills the defaults. */
  dashboard?: {
    /** 'welcome' (default): "Welcome, {name}"; 'portfolio': "Your portfolio". */
    greeting?: 'welcome' | 'portfolio';
    /** false hides the greeting when the firm's header says it already (it stays the page's heading for screen readers). */
    showGreeting?: boolean;
    /** The account summary as tiles (default) or always as the table. */
    accountSummaryMode?: 'tiles' | 'table';
    /** The radial percentage circle on account tiles (default true). */
    showRadialPercentage?: boolean;
    /** The performance chart's starting type (default value). */
    chartType?: 'value' | 'performance';
  };
  /** The analysis page's switches (spec 2 §2.3, §2.4, §5); features/analysis fills the defaults. */
  analysis?: Record<string, unknown>;
  /**
   * Messages and documents' switches (spec 3 §4.1, §5, §9), e.g. defaultDateRange ('all' or
   * 'custom-last-week'); features/messages fills the defaults.
   */
  documents?: Record<string, unknown>;
  /** The annual review's switches (spec 3 §2.3): finishUrl, where Finish goes; features/review reads it. */
  review?: { finishUrl?: string };
  /** The personal details page's switches (spec 2 §2.7); features/personal fills the defaults. */
  personalDetails?: Record<string, unknown>;
  /** The adviser page's switches (spec 2 §2.9: contactDetailsType, hideAvatars, layout). */
  adviserDetails?: Record<string, unknown>;
  /**
   * The balance sheet's views (spec 2 §2.5, §9): displayedViews (default Managed, Non-managed,
   * Everything; none disables the page's data) and displayView, the view it opens with (default
   * Managed); features/balance-sheet reads them.
   */
  balanceSheet?: Record<string, unknown>;
}

export interface SiteContent {
  footerCopyright: string;
  textPages: TextPageConfig[];
  siteTerms: { heading: string; disclaimer: string };
  maintenance: { heading: string; text: string };
  navigation: NavigationEntry[];
  loginHeading?: string;
  loginIntro?: string;
  /** The preset security questions (spec 1 §9: eight, plus Other); blank entries are dropped. */
  securityQuestions: string[];
  /** Optional guidance panel (HTML, sanitised) on the password forms. */
  passwordGuidance?: string;
  /** The additional-verification page's heading and links (spec 1 §2 defaults). */
  additionalVerification: { heading: string; returnUrl: string; composeUrl: string };
  /** The dashboard's texts (spec 2 §2.1 defaults in features/portfolio); HTML is sanitised. */
  dashboard?: {
    accountSummaryHeading?: string;
    assetsHeading?: string;
    assetsLinkText?: string;
    valuationBasis?: string;
    contactUs?: string;
  };
  /** The adviser page's texts (spec 2 §2.9, §3 "Adviser details"); features/personal fills the defaults. */
  adviserDetails?: Record<string, unknown>;
  /** The firm's announcements (spec 3 §2.7), by hash; content is HTML the server has sanitised. */
  announcements: AnnouncementConfig[];
}

/** One announcement (spec 3 §2.7): 134 is shown on the home page, 135 on the documents page. */
export interface AnnouncementConfig {
  hash: number;
  header?: string | null;
  /** HTML of p, li, ul, strong, a, em and ol only, sanitised on the server and again in the browser. */
  content?: string | null;
}

export interface SiteBranding {
  logo: string;
  logoAlt: string;
  loginBackgroundDesktop?: string;
  loginBackgroundTabletPortrait?: string;
  loginBackgroundTabletLandscape?: string;
  theme?: Partial<Record<'primary' | 'primaryContrast' | 'secondary' | 'background' | 'text', string>>;
  /** The firm's typeface: its family name and the files on this site that provide it (woff2). */
  font?: { family: string; faces?: { src: string; weight?: string; style?: string }[] };
  [chartColour: `chartColour${number}`]: string | undefined;
}

export interface SiteInstance {
  environment: 'dev' | 'technet' | 'staging' | 'uat' | 'production';
  firmId: string;
}

export interface SiteConfig {
  settings: SiteSettings;
  content: SiteContent;
  branding: SiteBranding;
  instance: SiteInstance;
}

/** Branding chart colours in order (chartColour1, chartColour2, ...), stopping at the first gap. */
export function chartColours(branding: SiteBranding): string[] {
  const colours: string[] = [];
  for (let i = 1; ; i += 1) {
    const colour = branding[`chartColour${i}`];
    if (!colour) return colours;
    colours.push(colour);
  }
}

/** The eight preset security questions used when the configuration names none. */
export const DEFAULT_SECURITY_QUESTIONS: readonly string[] = [
  'What was the name of your first pet?',
  "What is your mother's maiden name?",
  'What was the name of your first school?',
  'In what town or city were you born?',
  'What was the make of your first car?',
  'What is the name of the street you grew up in?',
  'What was your childhood nickname?',
  'What is the title of your favourite book?',
];

const DEFAULT_SEGMENTS = Object.fromEntries(CLIENT_CHILD_KEYS.map((key) => [key, key])) as Record<
  ClientChildKey,
  string
>;

/**
 * Fills the defaults the spec names (clients segment, TWRR, fees and taxes 1, ...) so the rest of
 * the app can rely on every setting being present. Throws when the file is not a configuration.
 */
export function normaliseSiteConfig(raw: unknown): SiteConfig {
  if (!raw || typeof raw !== 'object') throw new Error('Site configuration is not an object');
  const data = raw as Partial<Record<keyof SiteConfig, Record<string, unknown>>>;
  if (!data.settings || !data.content || !data.branding) {
    throw new Error('Site configuration is missing settings, content or branding');
  }
  const settings = data.settings as Partial<SiteSettings>;
  const content = data.content as Partial<SiteContent>;
  const branding = data.branding as unknown as SiteBranding;
  return {
    settings: {
      // Settings read by one feature (documents, analysis, …) pass through as written.
      ...settings,
      productName: settings.productName ?? 'Online portal',
      firmName: settings.firmName ?? '',
      defaultLocale: settings.defaultLocale ?? 'en-gb',
      clientBaseSegment: trimSlashes(settings.clientBaseSegment ?? 'clients'),
      adviserBaseSegment: trimSlashes(settings.adviserBaseSegment ?? 'advisers'),
      clientSegments: { ...DEFAULT_SEGMENTS, ...(settings.clientSegments ?? {}) },
      portfolioSiteAccess: settings.portfolioSiteAccess ?? [],
      assetSiteAccess: settings.assetSiteAccess ?? [],
      messagesSiteAccess: settings.messagesSiteAccess ?? [],
      portfolioGrouping: settings.portfolioGrouping ?? 'Split',
      profitAnalysisType: settings.profitAnalysisType ?? 'TWRR',
      feesAndTaxes: settings.feesAndTaxes ?? 1,
      sessionTimeout: settings.sessionTimeout ?? { end: 30, warning: 25 },
      greetingNameFormat: settings.greetingNameFormat ?? 'first_name',
      siteTermsPath: trimSlashes(settings.siteTermsPath ?? 'site-terms'),
      maintenanceEnabled: settings.maintenanceEnabled ?? true,
      showPasswordStrength: settings.showPasswordStrength ?? true,
      securityQuestionsSuccessUrl:
        settings.securityQuestionsSuccessUrl ?? `/${trimSlashes(settings.clientBaseSegment ?? 'clients')}/`,
      holdBackPeriod: settings.holdBackPeriod,
      useHistoricData: settings.useHistoricData,
      dashboard: settings.dashboard,
      analysis: settings.analysis,
      transactionFeesAndTaxes: settings.transactionFeesAndTaxes,
    },
    content: {
      footerCopyright: content.footerCopyright ?? '',
      textPages: content.textPages ?? [],
      siteTerms: content.siteTerms ?? { heading: 'Terms of use', disclaimer: '' },
      maintenance: content.maintenance ?? {
        heading: 'Down for maintenance',
        text: '<p>The portal is being updated. Please try again later.</p>',
      },
      navigation: content.navigation ?? [],
      loginHeading: content.loginHeading,
      loginIntro: content.loginIntro,
      securityQuestions: (content.securityQuestions ?? DEFAULT_SECURITY_QUESTIONS).filter(
        (question) => typeof question === 'string' && question.trim() !== '',
      ),
      passwordGuidance: content.passwordGuidance,
      dashboard: content.dashboard,
      adviserDetails: content.adviserDetails,
      announcements: content.announcements ?? [],
      additionalVerification: {
        heading: content.additionalVerification?.heading ?? 'Additional verification',
        returnUrl: content.additionalVerification?.returnUrl ?? `/${trimSlashes(settings.clientBaseSegment ?? 'clients')}/`,
        composeUrl:
          content.additionalVerification?.composeUrl ??
          `/${trimSlashes(settings.clientBaseSegment ?? 'clients')}/${trimSlashes(
            settings.clientSegments?.['documents-and-messages'] ?? DEFAULT_SEGMENTS['documents-and-messages'],
          )}/?compose=true`,
      },
    },
    branding: { ...branding, logoAlt: branding.logoAlt ?? settings.firmName ?? '' },
    instance: (data.instance as unknown as SiteInstance) ?? { environment: 'production', firmId: '' },
  };
}

function trimSlashes(segment: string): string {
  return segment.replace(/^\/+|\/+$/g, '');
}
