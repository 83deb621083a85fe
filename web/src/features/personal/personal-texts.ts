/** The fixed texts of spec 2 §2.7-§2.9 and §8, word for word, and the portal's own labels. */
export const PERSONAL_TEXTS = {
  personalDetailsHeading: 'Personal details',
  updatePanel: 'If you wish to update your personal details, please contact your adviser.',
  contactAdviser: 'Contact your adviser',
  summaryCurrency: 'Summary values are shown in',
  residentialAddress: 'Residential address',
  postalAddress: 'Postal address',
  contact: 'Contact details',
} as const;

export const PREFERENCES_TEXTS = {
  heading: 'Preferences',
  intro: 'I would like to receive updates about products & services, promotions, news and events via:',
  labels: { email: 'Email', mail: 'Mail', sms: 'SMS' },
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Your preferences have been updated.',
  loadFailed: 'There has been a problem loading your preferences. Please try again. If the problem persists please contact support.',
  // The spec gives only "an equivalent for saving" (spec 2 §8): the loading sentence with "saving".
  saveFailed: 'There has been a problem saving your preferences. Please try again. If the problem persists please contact support.',
  noClient: 'Please log in to XPlan to view and update your preferences',
  readOnly: 'You are viewing your client’s preferences. Only the client can change them.',
} as const;
