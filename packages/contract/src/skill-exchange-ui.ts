/**
 * Skill exchange, the zod-free part (docs/product-spec.md §2 "Skill exchange", §3, §4, §5, §8, §9):
 * limits, modes, request states, the messages and page texts (declared once) and how skill names
 * are compared. Kept free of zod so the page does not load the schema library before a form is
 * sent; `skill-exchange.ts` re-exports everything here.
 */

/** Longest skill name, in characters (docs/product-spec.md §5, §9). */
export const SKILL_NAME_MAX = 100;
/** Longest optional message of a connect request, in characters. */
export const SKILL_REQUEST_MESSAGE_MAX = 500;
/** Most matches one call returns (best first). */
export const MATCHES_MAX = 50;
/** How long the page's message box shows a success / an error, in ms (docs/product-spec.md §4, §9). */
export const SKILL_SUCCESS_MS = 3000;
export const SKILL_ERROR_MS = 5000;

/** The two modes of a user skill (docs/product-spec.md §3). */
export const SKILL_TYPES = ['teach', 'learn'] as const;
export type SkillType = (typeof SKILL_TYPES)[number];

/** States of a connect request: pending, then accepted / declined (recipient) or cancelled (sender). */
export const SKILL_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type SkillRequestStatus = (typeof SKILL_REQUEST_STATUSES)[number];

/** The two boxes of the requests inbox. */
export const SKILL_REQUEST_BOXES = ['received', 'sent'] as const;
export type SkillRequestBox = (typeof SKILL_REQUEST_BOXES)[number];

/** Messages and page texts of skill exchange: docs/product-spec.md §2, §5, §8 verbatim, and ours. */
export const SKILL_MESSAGES = {
  // Spec §5.
  nameEmpty: 'Skill name cannot be empty',
  nameTooLong: 'Skill name must be less than 100 characters',
  duplicate: (skill: string, type: SkillType) => `You have already added "${skill}" as a ${type} skill`,
  // Spec §8.
  failedFetchSkills: 'Failed to fetch skills',
  failedFetchUserSkills: 'Failed to fetch user skills',
  failedFetchMatches: 'Failed to fetch matches',
  failedAdd: 'Failed to add skill',
  failedRequest: 'Failed to send request',
  failedDelete: (reason: string) => `Failed to delete skill: ${reason}`,
  notFound: 'Skill not found',
  exists: 'Skill already exists',
  // Spec §2 message box.
  requestSent: 'Request sent successfully!',
  skillDeleted: 'Skill deleted successfully!',
  // Ours.
  skillAdded: 'Skill added successfully!',
  typeInvalid: 'Please choose teach or learn.',
  recipientInvalid: 'Please choose a student to connect with.',
  skillInvalid: 'Please choose a skill.',
  messageTooLong: `Message must be at most ${SKILL_REQUEST_MESSAGE_MAX} characters.`,
  phoneInvalid: 'Please enter a valid 10-digit Indian mobile number.',
  userNotFound: 'User not found',
  otherUser: 'Skill exchange acts on your own account only.',
  selfRequest: 'You cannot send a request to yourself.',
  notTaught: 'This student does not teach that skill.',
  pendingExists: 'You already have a pending request to this student for this skill.',
  alreadyConnected: 'You are already connected with this student for this skill.',
  requestNotFound: 'Request not found',
  onlyRecipient: 'Only the student who received this request can accept or decline it.',
  onlySender: 'Only the student who sent this request can cancel it.',
  notPending: (status: SkillRequestStatus) => `This request is already ${status}.`,
  accepted: 'Request accepted. You can now contact each other.',
  declined: 'Request declined.',
  cancelled: 'Request cancelled.',
  failedAccept: 'Failed to accept request',
  failedDecline: 'Failed to decline request',
  failedCancel: 'Failed to cancel request',
  failedFetchRequests: 'Failed to fetch requests',
  boxInvalid: 'Please choose received or sent.',
  // Notifications (docs/design.md §7), linking to the inbox.
  noticeRequest: (name: string, skill: string) => `${name} would like to learn ${skill} from you.`,
  noticeAccepted: (name: string, skill: string) =>
    `${name} accepted your request to learn ${skill}. You can now contact each other.`,
  noticeDeclined: (name: string, skill: string) => `${name} declined your request to learn ${skill}.`,
} as const;

/** Page texts (docs/product-spec.md §2) verbatim. */
export const SKILL_TEXTS = {
  title: 'Peer-to-Peer Skill Exchange',
  learnMode: 'I want to learn',
  teachMode: 'I want to teach',
  learnPlaceholder: 'Select a skill to learn',
  teachPlaceholder: 'e.g. Python Programming, Web Development',
  addLearn: 'Add to Learn Skills',
  addTeach: 'Add to Teach Skills',
  adding: 'Adding...',
  teaching: 'Your Teaching Skills',
  learning: 'Your Learning Skills',
  learningTag: '(Learning)',
  matches: 'Recommended Matches',
  noMatches: 'No matches found yet',
  requestToConnect: 'Request to Connect',
  unknown: 'Unknown',
  na: 'N/A',
  emailOnceConnected: 'Shown once your request is accepted',
  /** Opened from a search hit (`?skill=`): how to reach that skill's teachers. */
  learnPrompt: (skill: string) =>
    `Students here teach “${skill}”. Add it to the skills you want to learn to see them under Recommended Matches and connect.`,
  learnButton: (skill: string) => `Learn ${skill}`,
  learningAlready: (skill: string) => `You are learning “${skill}”: its teachers are under Recommended Matches.`,
} as const;

/** The inbox link notifications carry (docs/design.md §7). */
export const SKILL_INBOX_LINK = '/skill-exchange?tab=received';

/**
 * The key two skill names are compared by: trimmed, inner spaces collapsed, lower-cased.
 * `"  python "`, `"Python"` and `"PYTHON"` share the key `python`; aliases (`js`, `ml`) map keys to
 * a canonical skill in the database.
 */
export function skillKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A skill name as stored and shown: trimmed, inner spaces collapsed (case kept). */
export function skillDisplayName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}
