import { apiKeyMessages } from './api-keys';

/**
 * The Security page's texts (sessions, sign-in history, anti-phishing phrase) and the security mails
 * (none are in the spec: ours), spread into the message catalogue (index.ts), where screens and the
 * server read them. `{name}` marks a value filled in where the text is used.
 */
export const securityMessages = {
  securityTitle: 'Security',
  securityIntro:
    'Two-factor authentication, where you are signed in, and how to tell our e-mails from fakes.',
  // Devices (browser and system read from the user agent)
  deviceLabel: '{browser} on {system}',
  deviceUnknownBrowser: 'Unknown browser',
  deviceUnknownSystem: 'unknown system',
  // Sessions
  sessionsTitle: 'Sessions',
  sessionsIntro: 'Every device signed in to your account. Sign out any you do not recognise.',
  sessionsLoaded: 'Sessions',
  sessionDevice: 'Device',
  sessionNetwork: 'Network',
  sessionSignedIn: 'Signed in',
  sessionLastUsed: 'Last used',
  sessionThisDevice: 'This device',
  sessionSignOut: 'Sign out this session',
  sessionsSignOutOthers: 'Sign out all other sessions',
  sessionsSignOutOthersConfirm:
    'Sign out every other session? Those devices will have to sign in again, and your API keys are revoked; this one stays signed in.',
  sessionSignOutConfirm: 'Sign out this session? That device will have to sign in again.',
  sessionSignedOut: 'The session was signed out',
  sessionsOthersSignedOut: 'All other sessions were signed out',
  sessionNotFound: 'This session was not found or has already ended',
  sessionsOnlyThisOne: 'You are signed in on this device only.',
  sessionsLoadFailed: 'Your sessions could not be loaded',
  // Sign-in history
  signInHistoryTitle: 'Sign-in history',
  signInHistoryLoaded: 'Sign-in history',
  signInHistoryEmpty: 'No sign-ins yet',
  signInHistorySearch: 'Search sign-ins by device or network',
  signInHistoryLoadFailed: 'Your sign-in history could not be loaded',
  signInTime: 'Time',
  signInResult: 'Result',
  signInSuccess: 'Signed in',
  signInWrongPassword: 'Wrong password',
  signInWrongCode: 'Wrong authentication code',
  signInRefused: 'Refused',
  // Anti-phishing phrase
  antiPhishingTitle: 'Anti-phishing phrase',
  antiPhishingIntro:
    'Every e-mail we send you starts with this phrase. An e-mail that claims to be from us without it is a fake.',
  antiPhishingLabel: 'Your phrase',
  antiPhishingInvalid: 'Use 4 to 32 letters, digits or spaces',
  antiPhishingSave: 'Save phrase',
  antiPhishingRemove: 'Remove phrase',
  antiPhishingSaved: 'Anti-phishing phrase saved',
  antiPhishingRemoved: 'Anti-phishing phrase removed',
  antiPhishingLoaded: 'Anti-phishing phrase',
  antiPhishingNone: 'No phrase set: our e-mails carry none.',
  antiPhishingMailLine: 'Your anti-phishing phrase: {phrase}',
  // Mails
  newSignInMailSubject: 'New sign-in to your account',
  newSignInMailText:
    'Your account was signed in from a device or network it had not used before:\n\nDevice: {device}\nNetwork: {network}\nTime: {time}\n\nIf this was you, there is nothing to do. If not, sign out that session on the Security page and change your password at once.',
  securityChangeMailSubject: 'A security setting of your account changed',
  securityChangeMailText:
    '{change}.\n\nTime: {time}{apiKeys}\n\nIf this was not you, reset your password at once and contact support.',
  securityChangePassword: 'Your password was changed',
  securityChangePasswordReset: 'Your password was reset with a code sent to this address',
  securityChangeTwoFactorOn: 'Two-factor authentication was turned on',
  securityChangeTwoFactorOff: 'Two-factor authentication was turned off',
  securityChangeRecoveryCodes: 'New recovery codes were made; the old ones no longer work',
  securityChangeAntiPhishing: 'Your anti-phishing phrase was changed',
  securityChangeWithdrawalAddress: 'A new withdrawal address was added',
  securityChangeSignedOutOthers: 'All other sessions of your account were signed out',
  // The paragraph a security change's mail adds when it revoked the account's API keys (issue 43).
  securityChangeApiKeyRevoked:
    'Your API key was revoked with this change, so programs using it are refused from now on. Create new keys on the Security page.',
  securityChangeApiKeysRevoked:
    'Your {count} API keys were revoked with this change, so programs using them are refused from now on. Create new keys on the Security page.',
  // The API keys section (issue 39), kept in its own file
  ...apiKeyMessages,
} as const;
