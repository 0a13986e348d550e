/**
 * The uploads' texts, spread into the message catalogue (index.ts), where screens and the server
 * read them. The spec shows only 'error' on the client: these are the server's answers, ours.
 */
export const uploadMessages = {
  uploadSuccess: 'File uploaded successfully',
  uploadImageRequired: 'Please choose an image to upload',
  uploadImageType: 'Only png, jpg, jpeg or gif images are accepted',
  uploadImageDamaged: 'This image is damaged or incomplete',
  uploadImageHiddenContent: 'This image carries extra content and was refused',
  uploadImageTooLarge: 'The image must be at most 5 MB',
  uploadImageTooManyPixels: 'The image is too large: at most 16 megapixels',
  uploadFileNameInvalid: 'The file name is not allowed',
  uploadTypeMismatch: 'The upload type does not match this address',
  uploadUnexpectedField: 'Unexpected file field: send the image as {field}',
  // The upload limits (per minute, per day, and the decoders' queue)
  uploadTooFrequent: 'You are uploading images too quickly: please wait a minute and try again',
  uploadDailyQuota: 'You have reached today’s upload limit: please try again tomorrow',
  uploadBusy: 'Too many images are being processed right now: please try again in a moment',
  fileNotFound: 'File not found',
} as const;
