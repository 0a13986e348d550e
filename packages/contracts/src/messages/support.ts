/** The newsletter and support tickets. Part of the message catalogue (index.ts). */
export const supportMessages = {
  // Newsletter
  newsletterEmailRequired: 'Please enter Email',
  newsletterEmailInvalid: 'Please enter  valid email',
  // The server's answers (the spec shows only that the client displays them)
  newsletterSubscribed: 'Subscribed successfully',
  newsletterAlreadySubscribed: 'You are already subscribed',

  // Support (the spec gives the limits, subject 150 and description 500, but not the words)
  supportSubjectRequired: 'Subject is required',
  supportSubjectMax: 'Subject must be at most 150 characters',
  supportDescriptionRequired: 'Description is required',
  supportDescriptionMax: 'Description must be at most 500 characters',
  supportCreated: 'Your ticket has been submitted. Our team will get back to you soon.',
  supportTicketsLoaded: 'Support tickets',
  supportTicketNotFound: 'Ticket not found',
  supportAnswerRequired: 'Answer is required',
  supportAnswerMax: 'Answer must be at most 1000 characters',
  supportAnswered: 'Ticket answered',
  supportAnswerMailSubject: 'Your support ticket was answered',
} as const;
