import { checkDateOfBirth, KYC_STATUSES } from '@exchange/domain';
import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { isCountryCode } from './country-codes';
import { envelope } from './envelope';
import { formatMessage, messages as m } from './messages';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';
import { uploadedFilenameSchema } from './uploads';

export const KYC_DOCUMENT_TYPES = ['ID_CARD', 'PAN_CARD'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** Spec section 5: names, country, city, state and landmark take only letters and spaces. */
export const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;

function lettersOnly(label: string, required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(60, formatMessage(m.kycLettersOnly, { field: label }))
    .regex(LETTERS_AND_SPACES, formatMessage(m.kycLettersOnly, { field: label }));
}

export const kycAddressSchema = z.object({
  landmark: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\p{L} ]*$/u, formatMessage(m.kycLettersOnly, { field: 'Landmark' }))
    .optional()
    .default(''),
  city: lettersOnly('City', m.kycCityRequired),
  state: lettersOnly('State', m.kycStateRequired),
  country: lettersOnly('Country', m.kycCountryRequired),
});

export const kycDocumentSchema = z.object({
  identifier: z.enum(KYC_DOCUMENT_TYPES, { error: m.kycDocRequired }),
  number: z
    .string({ error: m.kycDocNumberRequired })
    .trim()
    .min(1, m.kycDocNumberRequired)
    .max(30, m.kycDocNumberInvalid)
    .regex(/^[A-Za-z0-9 -]+$/, m.kycDocNumberInvalid),
  front_image: z
    .string({ error: m.kycFrontImageRequired })
    .min(1, m.kycFrontImageRequired)
    .pipe(uploadedFilenameSchema),
  back_image: z
    .string({ error: m.kycBackImageRequired })
    .min(1, m.kycBackImageRequired)
    .pipe(uploadedFilenameSchema),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/**
 * POST /kyc/create. The date of birth is checked here for its shape only; whether it is in the past
 * and at least 18 years ago needs today's date, so the server decides it with its clock (and the form
 * with the browser's) through the domain's `checkDateOfBirth`.
 */
export const kycCreateRequestSchema = z.object({
  first_name: lettersOnly('First name', m.kycFirstNameRequired),
  last_name: lettersOnly('Last name', m.kycLastNameRequired),
  mobile_no: z
    .string({ error: m.kycMobileRequired })
    .trim()
    .min(1, m.kycMobileRequired)
    .regex(/^\d{6,15}$/, m.kycMobileInvalid),
  country_code: z
    .string({ error: m.kycCountryCodeRequired })
    .trim()
    .regex(/^\+?\d{1,4}$/, m.kycCountryCodeRequired)
    .transform((code) => code.replace(/^\+/, ''))
    .refine((code) => isCountryCode(code), m.kycCountryCodeRequired),
  address: kycAddressSchema,
  dob: z
    .string({ error: m.kycDobRequired })
    .trim()
    .min(1, m.kycDobRequired)
    // A full ISO timestamp from a date picker is read as its date.
    .transform((text) => text.slice(0, 10))
    .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.kycDobInvalid)),
  documents: z
    .array(kycDocumentSchema, { error: m.kycDocRequired })
    .min(1, m.kycDocRequired)
    .max(2, m.kycDocRequired),
});
export type KycCreateRequest = z.input<typeof kycCreateRequestSchema>;

export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/**
 * The private 'user' channel's event when an admin decides the caller's KYC (sent once the decision has
 * committed): the new status only, never the documents or who reviewed them. A client re-reads its
 * user (GET /auth/me) and its record (GET /kyc/) for the rest, a rejection's reason included.
 */
export const KYC_EVENT = 'kyc';
export const kycEventSchema = z.object({ type: z.literal(KYC_EVENT), status: kycStatusSchema });
export type KycEvent = z.infer<typeof kycEventSchema>;

/** A KYC record as its owner (and an admin) sees it. `reason` is the admin's reason for a rejection. */
export const kycRecordSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  address: z.object({ landmark: z.string(), city: z.string(), state: z.string(), country: z.string() }),
  documents: z.array(
    z.object({
      identifier: z.enum(KYC_DOCUMENT_TYPES),
      number: z.string(),
      front_image: z.string(),
      back_image: z.string(),
    }),
  ),
  status: kycStatusSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycRecord = z.infer<typeof kycRecordSchema>;

/** POST /kyc/create answers the new record; GET /kyc/ the latest one, or null before any submission. */
export const kycCreateResponseSchema = envelope(kycRecordSchema);
export const kycGetResponseSchema = envelope(kycRecordSchema.nullable());
export type KycGetResponse = z.infer<typeof kycGetResponseSchema>;

/**
 * The date-of-birth message for a YYYY-MM-DD date given today's date (the caller's clock), or null
 * when it is fine. Server and form share it so they say the same thing.
 */
export function kycDobProblem(dob: string, today: string): string | null {
  const result = checkDateOfBirth(dob, today);
  if (result.ok) return null;
  return { dob_invalid: m.kycDobInvalid, dob_future: m.kycDobFuture, dob_too_young: m.kycDobTooYoung }[
    result.code
  ];
}

// Admin review (spec section 7): list, detail and decision.

/**
 * POST /admin/get-all-kyc: paged, searched by name, e-mail or phone on the server, in one status when
 * asked (the review queue asks PENDING, oldest first), newest first by default.
 */
/** The columns the KYC list sorts by (issue 46 point 7): submitted, the customer's name, status. */
export const ADMIN_KYC_SORTS = ['createdAt', 'name', 'status'] as const;

export const adminKycListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { asc: 'asc', desc: 'desc' }, default: 'desc' },
  filters: { ...sortFields(ADMIN_KYC_SORTS, 'createdAt'), ...statusField(KYC_STATUSES) },
});
export type AdminKycListRequest = z.input<typeof adminKycListRequestSchema>;
export type AdminKycListQuery = z.output<typeof adminKycListRequestSchema>;

export const kycUserSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  profile_pic: z.string(),
});

/** A list row: the record with its user's summary (`userdata.email` as the spec reads it). */
export const adminKycListItemSchema = kycRecordSchema.extend({
  user: kycUserSummarySchema,
  userdata: z.object({ email: z.string() }),
  profile_pic: z.string(),
  /** The submission shares an identity with another account's (details on /admin/get-kyc). */
  identity_flagged: z.boolean(),
});
export type AdminKycListItem = z.infer<typeof adminKycListItemSchema>;

export const adminKycListResponseSchema = envelope(
  z.object({
    data: z.object({
      content: z.array(adminKycListItemSchema),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
      /** Submissions waiting for a decision, across the whole list (not only this page). */
      pending_count: z.number().int(),
    }),
  }),
);
export type AdminKycListResponse = z.infer<typeof adminKycListResponseSchema>;

/** POST /admin/get-kyc {kycId}: the record with `user_id` as the user's summary (spec section 6). */
export const adminGetKycRequestSchema = z.object({ kycId: z.uuid({ error: m.kycNotFound }) });
export const KYC_IDENTITY_MATCH_FIELDS = ['document_number', 'name_dob', 'image'] as const;
export type KycIdentityMatchField = (typeof KYC_IDENTITY_MATCH_FIELDS)[number];

/**
 * Another account's PENDING or APPROVED submission this one matched when it was submitted: that
 * account (null if it is gone), that submission's status now, and which identity keys matched.
 */
export const kycIdentityMatchSchema = z.object({
  kyc_id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  status: kycStatusSchema.nullable(),
  fields: z.array(z.enum(KYC_IDENTITY_MATCH_FIELDS)),
});
export type KycIdentityMatch = z.infer<typeof kycIdentityMatchSchema>;

export const adminKycDetailSchema = kycRecordSchema.extend({
  user_id: kycUserSummarySchema,
  /** Possible duplicate identities; empty when the submission matched nobody. */
  identity_matches: z.array(kycIdentityMatchSchema),
});
export type AdminKycDetail = z.infer<typeof adminKycDetailSchema>;
export const adminKycDetailResponseSchema = envelope(z.object({ data: adminKycDetailSchema }));
export type AdminKycDetailResponse = z.infer<typeof adminKycDetailResponseSchema>;

/** POST /admin/verify-kyc: approve, or reject with a reason the customer will read. */
export const adminVerifyKycRequestSchema = z
  .object({
    user_id: z.uuid({ error: m.kycNotFound }),
    kyc_id: z.uuid({ error: m.kycNotFound }),
    status: z.enum(['APPROVED', 'REJECTED'], { error: 'Status must be APPROVED or REJECTED' }),
    reason: z.string().trim().max(500).optional(),
    /**
     * On approving a submission flagged as a possible duplicate identity: pay the referral reward
     * anyway. Without it a flagged approval pays none; it changes nothing on an unflagged one.
     */
    pay_referral_despite_match: z.boolean({ error: m.kycPayRewardFlagInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'REJECTED' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: m.kycRejectReasonRequired });
  });
export type AdminVerifyKycRequest = z.input<typeof adminVerifyKycRequestSchema>;
export const adminVerifyKycResponseSchema = envelope(z.object({ status: z.boolean(), kyc: kycRecordSchema }));
export type AdminVerifyKycResponse = z.infer<typeof adminVerifyKycResponseSchema>;
