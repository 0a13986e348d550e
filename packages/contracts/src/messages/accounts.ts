/** Sign-up, sign-in, the OTP and password screens (the spec's texts verbatim) and the server's answers about accounts and sign-ins. Part of the message catalogue (index.ts). */
export const accountMessages = {
  // Registration (spec section 5)
  nameRequired: 'Name is required.',
  countryCodeRequired: 'Country code is required.',
  mobileRequired: 'Mobile is required.',
  /** Not in the spec, which names no limits: ours (100 characters; 4 to 15 digits). */
  nameTooLong: 'Name must be at most 100 characters',
  mobileInvalid: 'Mobile number must be 4 to 10 digits',
  registerEmailInvalid: 'Enter Valid Email id',
  registerEmailRequired: 'Email id is required.',
  registerEmailReserved: 'This email domain is reserved for the exchange’s own accounts: use your own email',
  passwordRequired: 'Password is required',
  passwordMin: 'Minimum 8 Character',
  /** Not in the spec, which names no upper limit: ours (128 characters), on every password field. */
  passwordTooLong: 'Password must be at most 128 characters',
  passwordUppercase: 'Must Contain One Uppercase',
  passwordNumber: 'Must Contain One Number',
  passwordSpecial: 'Must Contain Special Character',
  confirmPasswordMismatch: 'Password does not matched',
  confirmPasswordRequired: 'Confirm Password is required.',
  signupFailed: 'Something went wrong! Please try again.',

  // Login
  loginEmailInvalid: 'Enter Valid Email Address',
  loginEmailRequired: 'EmailId Required',
  loginPasswordRequired: 'Password is Required',

  // Forgot password and OTP
  forgotEmailRequired: 'Please Enter Email Address',
  forgotButton: 'Request Resent Link',
  backToLogin: 'Back To Login',
  otpRequired: 'Please Enter Correct Otp',
  otpResent: 'otp re-sent successfully',
  emailVerified: 'Email Verified',

  // Password change, in the spec's order
  oldPasswordRequired: 'Old Password is required',
  changePasswordRequired: 'Password is required',
  changePasswordMin: 'Password must be at least 8 characters long',
  changePasswordUppercase: 'Password must contain at least one uppercase letter',
  changePasswordNumber: 'Password must contain at least one number',
  changePasswordSpecial: 'Password must contain at least one special character',
  changeConfirmRequired: 'Confirm Password is required',
  changeConfirmMismatch: 'Password should be match with confirm password',
  /** Not in the spec: a change to the same password would end every other sign-in and change nothing. */
  newPasswordSameAsOld: 'New password must be different from the old password',

  // Accounts and sign-in: the server's answers (the spec shows only that the client displays them)
  signupSuccess: 'Registration successful. We have sent a verification code to your email.',
  emailTaken: 'Email already registered',
  referralInvalid: 'Invalid referral code',
  loginSuccess: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address first. Enter the code we emailed you, or request a new one.',
  accountDisabled: 'Your account has been disabled. Please contact support.',
  resetCodeSent: 'If an account exists for this email, we have sent a code to it.',
  otpWrong: 'Please Enter Correct Otp',
  otpExpired: 'This code has expired. Please request a new one.',
  otpLocked: 'Too many wrong attempts. Please request a new code.',
  otpCoolDown: 'Too many wrong codes today. Please try again tomorrow.',
  emailVerifiedSuccess: 'Email verified successfully. You can now log in.',
  otpAccepted: 'Code verified. Please choose a new password.',
  passwordResetSuccess: 'Your password has been reset. Please log in.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  tokenRefreshed: 'Session refreshed',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out successfully',
  currentUser: 'User details',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  passwordChangeCoolDown: 'Too many wrong passwords today. Please try again tomorrow.',
  supportTicketLimit: 'You have opened too many support tickets this hour. Please try again later.',
  depositOrderLimit: 'You have started too many deposits this hour. Please try again later.',

  // Session
  logoutConfirmUser: 'Are You Sure Want To Logout !',
  logoutConfirmAdmin: 'Are You sure you want to Logout.',
} as const;
