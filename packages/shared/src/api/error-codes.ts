import { z } from 'zod';

/**
 * Every `code` the API answers with (ApiErrorSchema), one list for the server that throws them and
 * the web that reacts to some of them. A code names what went wrong, not the status: the same code
 * may come with different statuses (ITEM_NOT_FOUND is a 404 on its own address, a 400 when a cart
 * names a missing item). Add a code here before throwing it; the server cannot throw another.
 */
const ERROR_CODES = [
  // Any call
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORISED',
  'FORBIDDEN',
  'ROUTE_NOT_FOUND',
  // A file of the web app that is not there (a stale chunk name, say).
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  // Accounts and sessions
  'ACCOUNT_EXISTS',
  'ACCOUNT_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_MISMATCH',
  'IDENTITY_NOT_EDITABLE',
  'NO_ADDRESS_FOR_CHANNEL',
  'PIN_RESEND_TOO_SOON',
  // A contact detail proved with a pin already (decision 031)
  'CONTACT_VERIFIED',
  // Staff accounts (issue 16)
  'STAFF_MEMBER_NOT_FOUND',
  'STAFF_DEACTIVATED',
  'STAFF_SELF_DEACTIVATION',
  'LAST_ORGANISER',
  // Event, catalogue and content
  'EVENT_NOT_FOUND',
  'EVENT_NOT_READY',
  'OLD_YEAR_TEXTS',
  'EVENT_EXISTS',
  'EVENT_NOT_OPEN',
  'EVENT_YEAR_TAKEN',
  'EVENT_HAS_ORDERS',
  'CATEGORY_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'ITEM_RETIRED',
  'ITEM_CODE_TAKEN',
  'ITEM_ENTERED',
  'ITEM_PRICE_FIXED',
  'RUBRIC_LOCKED',
  'SCHOOL_NOT_FOUND',
  'SCHOOL_EXISTS',
  'SCHOOL_FIXED',
  // Schools and teachers (decision 061)
  'NOT_A_TEACHER',
  'MEMBERSHIP_NOT_FOUND',
  'MEMBERSHIP_OPEN',
  'MEMBERSHIP_LIMIT',
  'MEMBERSHIP_DECIDED',
  'OWN_MEMBERSHIP',
  'COORDINATOR_TAKEN',
  // An adjudicator's conflict with a teacher (decision 068)
  'TEACHER_NOT_FOUND',
  'CATEGORY_NAME_TAKEN',
  'CATEGORY_NOT_EMPTY',
  'IMPORT_UNREADABLE',
  'CONTENT_NOT_FOUND',
  'ADJUDICATOR_NOT_FOUND',
  // Contestants and pictures
  'PROFILE_NOT_FOUND',
  'PROFILE_HAS_ITEMS',
  'PICTURE_NOT_FOUND',
  'UNREADABLE_PICTURE',
  // Carts, orders and payments
  'ORDER_NOT_FOUND',
  'BANKING_MISSING',
  'REFERENCE_NOT_FOUND',
  'ORDER_ITEM_NOT_FOUND',
  'NOT_A_CART',
  'EMPTY_CART',
  'CART_CHANGED',
  'CHECKOUT_CHECK',
  'DUPLICATE_ENTRY',
  /** A contestant or group member outside the item's grades (issue 32, decision 042). */
  'WRONG_GRADE',
  'INSTRUMENT_REQUIRED',
  'NOT_A_GROUP_ITEM',
  'GROUP_INCOMPLETE',
  'GROUP_SIZE',
  'ITEM_NOT_COMPARABLE',
  'PRICE_DIFFERS',
  'NOT_PAYABLE',
  'ALREADY_PAID',
  // Refunds and credits above what an order was paid (issue 17, payment ledger)
  'AMOUNT_EXCEEDS_PAID',
  'NOT_A_NOTIFICATION',
  // Entries and their files
  'ENTRY_NOT_FOUND',
  'ENTRY_CLOSED',
  'ENTRY_FINALISED',
  'MEDIA_PROCESSING',
  'MAIN_FILE_UNREADABLE',
  'ENTRY_WITHDRAWN',
  'DEADLINE_PASSED',
  /** Before the event's registration opens (decision 041). */
  'ENTRIES_NOT_OPEN',
  'ENTRIES_OPEN',
  'MAIN_FILE_REQUIRED',
  'VIDEO_UPLOAD_REQUIRED',
  'TOO_MANY_VIDEOS',
  'COLLECTION_NOT_FOUND',
  'VIDEO_NOT_FOUND',
  'UPLOAD_NOT_FOUND',
  'UPLOAD_INCOMPLETE',
  'FILE_NOT_FOUND',
  'FILE_EXISTS',
  'FILE_EMPTY',
  'EMPTY_FILE',
  'FILE_TOO_LARGE',
  'NO_FILE',
  'NOT_MULTIPART',
  'MALFORMED_UPLOAD',
  'CONTENT_MISMATCH',
  'UNSUPPORTED_FORMAT',
  'UNSUPPORTED_FILE_TYPE',
  /** Every decoding child busy and the waiting line full: retry shortly (decision 030). */
  'DECODER_BUSY',
  // Marking and results
  'ASSIGNMENT_NOT_FOUND',
  'ALREADY_ASSIGNED',
  'INVALID_SCORES',
  'MARK_SUBMITTED',
  'MARK_NOT_REOPENABLE',
  'RESULT_NOT_PUBLISHED',
  'CERTIFICATE_NOT_FOUND',
  // Results day (issue 20)
  'WINNERS_PREVIEW_STALE',
  'RESULTS_ALREADY_RELEASED',
  'RELEASE_TIME_PASSED',
  // Publishing marks and releasing the gala are separate (decision 033)
  'RELEASE_NEEDS_ACKNOWLEDGEMENT',
  'RELEASE_NOT_WITHDRAWABLE',
  // Reminders (decision 022)
  'REMINDER_NOT_FOUND',
  'REMINDER_NOT_SCHEDULED',
  // Data rights (decision 024)
  'ERASURE_REQUEST_NOT_FOUND',
  'ERASURE_DONE',
  'STAFF_NOT_ERASABLE',
  // Family desk (decision 021)
  'ORDER_NOT_PAID',
  // A teacher's class (decision 064)
  'CLASS_NOT_FOUND',
  'NOT_YOUR_CLASS',
  // The school's statement is its coordinator's (decision 066)
  'NOT_A_COORDINATOR',
  'LEARNER_NOT_FOUND',
  'LEARNER_IN_CLASS',
  'LEARNER_IN_SCHOOL',
  'LEARNER_POSSIBLE_MATCH',
  'CLASS_LIST_CHANGED',
  'CLASS_LIST_TOO_LONG',
  'CONSENT_NOT_DECLARED',
  // A class's results pack (decision 067)
  'RESULTS_NOT_RELEASED',
  // A learner's parent (decision 063)
  'NO_PARENT_CONTACT',
  'PARENT_ALREADY_LINKED',
  'PARENT_LEFT',
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_NOT_YOURS',
  'OWN_LEARNER',
  'CONSENTS_MISSING',
  'CHILD_NOT_FOUND',
  'PAYMENT_UNDER_WAY',
  'LEADS_GROUP',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = (typeof ERROR_CODES)[number];
