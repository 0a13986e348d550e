/** Staking: the spec's texts and the server's answers. Part of the message catalogue (index.ts). */
export const stakingMessages = {
  // Stake
  stakeAmountRequired: 'Please Select Stake Amount',
  stakeTermsRequired: 'Please Checked t&c',
  stakeDurationRequired: 'Please Select Duration',
  confirmStake: 'Are you sure you want to create Stake ?',
  /** Not in the spec, which moves the money on one click: ours, in its confirmations' words. */
  confirmRestake: 'Are You sure you want to Restake ?',
  confirmCloseStake: 'Are You sure you want to Close this Stake ?',
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
} as const;
