/**
 * The spec's user-facing texts, verbatim (odd spellings included), in one place. Screens and the
 * server read them from here; nothing else spells them out.
 */
export const messages = {
  // Registration (spec section 5)
  nameRequired: 'Name is required.',
  countryCodeRequired: 'Country code is required.',
  mobileRequired: 'Mobile is required.',
  registerEmailInvalid: 'Enter Valid Email id',
  registerEmailRequired: 'Email id is required.',
  passwordRequired: 'Password is required',
  passwordMin: 'Minimum 8 Character',
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

  // Session
  logoutConfirmUser: 'Are You Sure Want To Logout !',
  logoutConfirmAdmin: 'Are You sure you want to Logout.',

  // KYC gating
  completeKyc: 'Please Complete Your Kyc',

  // Deposit
  depositAmountRequired: 'Please enter deposit amount',
  depositAmountTooSmall: 'Amount Should Be Greater Than 1',
  transactionFailed: 'Transaction Failed',
  comingSoon: 'Coming Soon ...',
  // The server's deposit answers (the spec shows only that the client displays them)
  depositAmountDecimals: 'Amount can have at most 2 decimal places',
  depositAmountTooLarge: 'Amount Should Be At Most 100000',
  depositOrderCreated: 'Order created',
  depositOrderNotFound: 'Order not found',
  depositOrderClosed: 'This order is no longer open',
  depositApproved: 'Payment approved',
  depositDeclined: 'Payment declined',
  depositNotApproved: 'The payment has not been approved yet',
  depositAmountMismatch: 'Amount does not match the order',
  depositSuccessful: 'Deposit successful',
  depositPending: 'Deposit pending: your wallet is credited when the payment completes',
  paymentProviderUnavailable: 'The payment provider is not reachable. Please try again later.',

  // Wallet and money-moving requests
  walletLoaded: 'Wallet',
  walletTransactionsLoaded: 'Wallet transactions',
  dashboardLoaded: 'Dashboard',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 128 characters of letters, digits, _ - : .',
  idempotencyConflict: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',

  // Buy and sell, in the spec's order
  quantityRequired: 'Please Enter Quantity',
  insufficientAmount: 'Insufficient amount',
  limitPriceRequired: 'Please Enter Limit Price',
  quantityAboveMin: 'Quantity should be greater than {min}',
  quantityBelowMax: 'Quantity should be less than {max}',
  limitPriceAboveMin: 'Limit Price should be greater than {min}',
  limitPriceBelowMax: 'Limit Price should be less than {max}',
  minimumCost: 'Minimum Cost must be Greater than {min_cost}',
  confirmBuy: 'Are You sure you want to Buy ?',
  // The server's trading answers (the spec shows only that the client displays them)
  orderPlaced: 'Order placed successfully',
  buyExecuted: 'Buy order executed successfully',
  sellExecuted: 'Sell order executed successfully',
  orderCancelled: 'Order cancelled successfully',
  ordersLoaded: 'Orders',
  quoteIssued: 'Quote',
  quoteNotFound: 'Quote not found',
  quoteExpired: 'This quote has expired, please request a new one',
  quoteUsed: 'This quote has already been used',
  quoteMismatch: 'This quote does not match the order',
  orderNotFound: 'Order not found',
  orderNotOpen: 'This order is no longer open',
  marketNotFound: 'Market not found',
  marketClosed: 'This market is closed',
  invalidQuantity: 'Please Enter Valid Quantity',
  invalidLimitPrice: 'Please Enter Valid Limit Price',
  costTooLarge: 'Cost should be less than {max_cost}',
  quantityPrecision: 'Quantity can have at most {precision} decimal places',
  priceNotOnTick: 'Limit Price must be a multiple of {increment}',
  orderSideMismatch: 'Order side does not match the request',
  instantNotAvailable: 'Instant orders are not available for this coin',

  // Stake
  stakeAmountRequired: 'Please Select Stake Amount',
  stakeTermsRequired: 'Please Checked t&c',
  stakeDurationRequired: 'Please Select Duration',
  confirmStake: 'Are you sure you want to create Stake ?',
  restakeSuccess: 'Restake  Successfully!',
  stakeCloseSuccess: 'Stake close Successfully!',
  // The server's staking answers (the spec shows only that the client displays them)
  stakeOptionsLoaded: 'Stake options',
  stakesLoaded: 'Stakes',
  stakeCreated: 'Stake created successfully',
  stakeOptionNotFound: 'Stake option not found',
  stakeNotFound: 'Stake not found',
  stakeAmountInvalid: 'Please Enter Valid Stake Amount',
  stakeBelowMinimum: 'Minimum stake amount is {min}',
  stakeNotActive: 'This stake is no longer active',
  stakeNotMatured: 'This stake has not matured yet',
  stakeTermsTitle: 'Locked Staking',
  stakeNow: 'Stake Now',

  // P2P, in the spec's order
  p2pEmailRequired: 'Please Enter Email Id',
  p2pEmailInvalid: 'Please Enter Valid Email Id',
  p2pCurrencyRequired: 'Please Choose Currency',
  p2pAmountRequired: 'Please Enter Amount',
  p2pAmountPositive: 'Amount should be greater than 0',
  p2pValidateFirst: 'Please valiadate your email first',
  confirmTransfer: 'Are You sure you want to Transfer ?',

  // Swap and multicoin
  swapAmountPositive: 'Amount must be greater than 0',
  rateUnavailable: 'Network error please try again after some time...',
  rateUnavailableMulticoin: 'Network error please try again after some time..',
  confirmSwap: 'Are You sure you want to Swap ?',

  // Newsletter
  newsletterEmailRequired: 'Please enter Email',
  newsletterEmailInvalid: 'Please enter  valid email',
  // The server's answers (the spec shows only that the client displays them)
  newsletterSubscribed: 'Subscribed successfully',
  newsletterAlreadySubscribed: 'You are already subscribed',

  // KYC form
  kycFirstNameRequired: 'Firstname is required',
  kycLastNameRequired: 'Lastname is required',
  kycMobileRequired: 'Mobile is required',
  kycCountryCodeRequired: 'Country code is required',
  kycDobRequired: 'DOB is required',
  kycCityRequired: 'city is required',
  kycStateRequired: 'state is required',
  kycCountryRequired: 'country is required',
  kycDocRequired: 'Please Select Doc',
  kycDocNumberRequired: 'Doc number is re is required',
  kycFrontImageRequired: 'Front_image is rquired',
  kycBackImageRequired: 'back_image is rquired',

  // Admin
  adminSearchPlaceholder: 'Search name,email or phone number',
  adminKycTitle: 'KYC Requests',
  confirmApproveKyc: 'Are You sure you want to Approve This Kyc ?',
  confirmRejectKyc: 'Are You sure you want to Reject This Kyc ?',
  pleaseWait: 'Please Wait ...',

  // Generic
  noDataFound: 'No data found',
  noDataFoundAdmin: 'No Data Found',
  networkError: 'Network Error',
  serverError: 'Server error! Please try again.',
  somethingWentWrong: 'Something went wrong! Please try again.',
  uploadError: 'error',
  processing: 'Processing',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
