/**
 * Two-factor sign-in's texts (none are in the spec: ours), spread into the message catalogue
 * (index.ts), where screens and the server read them.
 */
export const twoFactorMessages = {
  totpCodeRequired: 'Enter the 6-digit code from your authenticator app',
  totpCodeWrong: 'The authenticator code is wrong',
  totpCodeUsed: 'That code was already used: wait for the next one from your authenticator app',
  totpRequiredInProduction: 'Admin sign-in needs two-factor authentication: enrol an authenticator app first',
  totpEnrolStarted: 'Scan the QR code with your authenticator app, then enter a code to confirm',
  totpEnabled: 'Two-factor authentication is on',
  totpAlreadyEnabled: 'Two-factor authentication is already on',
  totpNotStarted: 'Start the enrolment first',
  twoFactorTitle: 'Two-factor authentication',
  totpDisabled: 'Two-factor authentication is off',
  totpNotEnabled: 'Two-factor authentication is not on',
  totpAdminKeepsIt: 'An admin cannot turn off two-factor authentication here: production requires it',
  totpCoolDown:
    'Too many wrong authentication codes today: codes are refused for 24 hours. We have e-mailed the account owner.',
  totpSessionRequired: 'Sign in again with your authentication code to use the back-office',
  recoveryCodeWrong: 'The recovery code is wrong or was already used',
  recoveryCodeInvalid: 'Enter a recovery code as shown, like abcde-fgh23',
  authenticationCode: 'Authentication code',
  recoveryCode: 'Recovery code',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticatorCode: 'Use the authenticator app instead',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesShownOnce:
    'Save these recovery codes now: each one signs you in once if you lose your phone, and they are not shown again.',
  recoveryCodesDownload: 'Download',
  recoveryCodesSaved: 'I have saved them',
  recoveryCodesLeft: 'Recovery codes left: {count}',
  twoFactorOffIntro:
    'Protect your account with a code from an authenticator app (Google Authenticator, Authy, 1Password...) at every sign-in.',
  twoFactorSetUp: 'Set up two-factor authentication',
  twoFactorSecretLabel: 'Secret',
  twoFactorConfirm: 'Confirm',
  twoFactorTurnOff: 'Turn off two-factor authentication',
  twoFactorTurnOffHint: 'Enter a code from your authenticator app (or a recovery code) to turn it off.',
  twoFactorOnIntro: 'Sign-in asks for a code from your authenticator app.',
  passwordChangeCodeHint: 'Two-factor authentication is on: enter a code from your authenticator app.',
  signInCodeStep: 'Enter the code from your authenticator app to finish signing in.',
  signInRecoveryStep: 'Enter one of your recovery codes. Each works once.',
  // A role change ends the user's sign-ins (their sessions carried the old role's reach).
  roleChanged: 'Role changed: the user is signed out everywhere',
  cannotChangeOwnRole: 'You cannot change your own role',
} as const;
