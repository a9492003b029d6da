/**
 * The spec's texts we keep verbatim (docs/product-spec.md §8 error catalogue and the success toasts of
 * §2 and §8) are the contract's messages, word for word: one row per text, the spec's sentence beside
 * the contract constant the UI and the API show. A text we deliberately show differently, or do not
 * show, is listed with its reason in docs/product-spec.md "Our deviations from the spec's texts"
 * instead. A message that adds information starts with the spec's sentence.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_UI } from '@campus/contract/admin-ui';
import { ATTENDANCE_MESSAGES } from '@campus/contract/attendance-ui';
import { COMMON_MESSAGES } from '@campus/contract/envelope-ui';
import { INTERNSHIP_MESSAGES } from '@campus/contract/internships-ui';
import { LOST_FOUND_MESSAGES } from '@campus/contract/lost-found-ui';
import { MARKETPLACE_MESSAGES } from '@campus/contract/marketplace-ui';
import { NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import { RIDE_MESSAGES } from '@campus/contract/rides-ui';
import { SKILL_MESSAGES } from '@campus/contract/skill-exchange-ui';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';

/** [the spec's text, the contract's] — texts that take a detail are called with "…". */
const VERBATIM: [spec: string, ours: string][] = [
  // §8 Sign-in
  ['Please verify your email before logging in.', USER_MESSAGES.verifyFirst],
  ['Invalid email or password.', USER_MESSAGES.invalidCredentials],
  ['Server error. Please try again later.', AUTH_UI.loginServerError],
  ['Server error. Please try again later.', COMMON_MESSAGES.serverError],
  ['Unable to sign in. Please try again later.', AUTH_UI.loginOther],
  ['Network error. Please check your connection and try again.', AUTH_UI.network],
  ['Login failed: Invalid response from server.', AUTH_UI.loginInvalidResponse],
  // §8 Sign-up
  ['Invalid signup data. Please check your information.', AUTH_UI.signup400],
  ['Access denied. Please check your email domain.', AUTH_UI.signup403],
  ['Signup failed. Please try again.', AUTH_UI.signupOther],
  // §8 Profile, logout and users
  ['Failed to load user', AUTH_UI.loadUserFailed],
  ['Update failed', AUTH_UI.updateFailed],
  ['Profile updated successfully!', USER_MESSAGES.profileUpdated],
  ['Server logout failed, but client session cleared.', AUTH_UI.logoutFailed],
  ['An error occurred while fetching users.', ADMIN_UI.fetchError],
  ['Permission denied: Admin access required.', COMMON_MESSAGES.adminOnly],
  // §8 Notifications
  ['Failed to load notifications', NOTIFICATION_UI.loadFailed],
  ['Failed to delete notification', NOTIFICATION_UI.deleteFailed],
  ['Failed to mark notification as read', NOTIFICATION_UI.markReadFailed],
  ['Failed to get unread count', NOTIFICATION_UI.countFailed],
  ['Network/Server error during mark all as read', NOTIFICATION_UI.markAllNetwork],
  ['Failed to mark all notifications as read', NOTIFICATION_UI.markAllFailed],
  ['Error marking notification as read', NOTIFICATION_UI.toastMarkRead],
  ['Error marking all notifications as read', NOTIFICATION_UI.toastMarkAll],
  ['Not authenticated', NOTIFICATION_UI.notAuthenticated],
  ['Not authenticated', COMMON_MESSAGES.notSignedIn],
  ['Failed to send notification: …', NOTIFICATION_UI.adminSendFailed('…')],
  ['Failed to delete: …', NOTIFICATION_UI.adminDeleteFailed('…')],
  ['Failed to mark all: …', NOTIFICATION_UI.adminMarkAllFailed('…')],
  ['Error loading users: …', NOTIFICATION_UI.adminUsersFailed('…')],
  ['Error loading notifications: …', NOTIFICATION_UI.adminListFailed('…')],
  ['Broadcast sent successfully!', NOTIFICATION_UI.adminBroadcastOk],
  ['Notification sent successfully!', NOTIFICATION_UI.adminSendOk],
  ['Notification deleted successfully!', NOTIFICATION_UI.adminDeleteOk],
  ['All notifications marked as read.', NOTIFICATION_UI.adminMarkAllOk],
  ['No notifications found for this page.', NOTIFICATION_UI.adminEmpty],
  // §8 Marketplace
  ['Error creating item', MARKETPLACE_MESSAGES.errorCreating],
  ['Error updating item', MARKETPLACE_MESSAGES.errorUpdating],
  ['Error deleting item', MARKETPLACE_MESSAGES.errorDeleting],
  ['Error fetching items', MARKETPLACE_MESSAGES.errorFetching],
  ['Error fetching user items', MARKETPLACE_MESSAGES.errorFetchingUser],
  ['Error fetching item', MARKETPLACE_MESSAGES.errorFetchingOne],
  ['Item listed successfully!', MARKETPLACE_MESSAGES.listed],
  ['Item updated successfully!', MARKETPLACE_MESSAGES.updated],
  ['Link copied to clipboard!', MARKETPLACE_MESSAGES.linkCopied],
  // §8 Lost and found
  ['Failed to fetch lost items', LOST_FOUND_MESSAGES.errorFetching],
  ['Error updating lost item', LOST_FOUND_MESSAGES.errorUpdating],
  ['Error deleting lost item', LOST_FOUND_MESSAGES.errorDeleting],
  ['Error fetching lost item', LOST_FOUND_MESSAGES.errorFetchingOne],
  ['Error reporting item', LOST_FOUND_MESSAGES.errorReporting],
  ['Item reported successfully!', LOST_FOUND_MESSAGES.reported],
  ['Item updated successfully!', LOST_FOUND_MESSAGES.updated],
  // §8 Rides
  ['Failed to join ride.', RIDE_MESSAGES.failedJoin],
  ['Failed to cancel join.', RIDE_MESSAGES.failedCancel],
  ['Failed to delete ride.', RIDE_MESSAGES.failedDelete],
  ['Error Loading Rides', RIDE_MESSAGES.errorLoading],
  ['Try Again', RIDE_MESSAGES.tryAgain],
  // §8 Attendance and enrollment
  ['Failed to fetch attendance records', ATTENDANCE_MESSAGES.failedFetchRecords],
  ['Failed to update attendance', ATTENDANCE_MESSAGES.failedUpdate],
  ['Failed to mark attendance', ATTENDANCE_MESSAGES.failedMark],
  ['Failed to enroll', ATTENDANCE_MESSAGES.failedEnroll],
  ['Failed to unenroll', ATTENDANCE_MESSAGES.failedUnenroll],
  ['Failed to fetch subjects', ATTENDANCE_MESSAGES.failedSubjects],
  ['Attendance updated!', ATTENDANCE_MESSAGES.updated],
  ['Attendance marked!', ATTENDANCE_MESSAGES.marked],
  ['Successfully unenrolled!', ATTENDANCE_MESSAGES.unenrolled],
  ['Cannot open modal - user or subject missing.', ATTENDANCE_MESSAGES.modalMissing],
  ['Invalid record date format for editing.', ATTENDANCE_MESSAGES.modalBadDate],
  ['Invalid modal configuration.', ATTENDANCE_MESSAGES.modalInvalid],
  // §8 Skill exchange and internships (with the §2 message box's successes)
  ['Failed to fetch skills', SKILL_MESSAGES.failedFetchSkills],
  ['Failed to fetch user skills', SKILL_MESSAGES.failedFetchUserSkills],
  ['Failed to fetch matches', SKILL_MESSAGES.failedFetchMatches],
  ['Failed to add skill', SKILL_MESSAGES.failedAdd],
  ['Failed to send request', SKILL_MESSAGES.failedRequest],
  ['Failed to delete skill: …', SKILL_MESSAGES.failedDelete('…')],
  ['Skill not found', SKILL_MESSAGES.notFound],
  ['Skill already exists', SKILL_MESSAGES.exists],
  ['Request sent successfully!', SKILL_MESSAGES.requestSent],
  ['Skill deleted successfully!', SKILL_MESSAGES.skillDeleted],
  ['Failed to fetch internships.', INTERNSHIP_MESSAGES.failed],
  [
    'Request timed out. The scraping process is taking longer than expected. Please try again.',
    INTERNSHIP_MESSAGES.timeout,
  ],
  // §2 Login screen toasts
  ['Welcome back!', AUTH_UI.loginToast],
  ['Account created! You can now log in.', AUTH_UI.signupToast],
];

describe('the spec’s texts (docs/product-spec.md §8 and the §2 toasts)', () => {
  it.each(VERBATIM)('"%s" is the contract’s text', (spec, ours) => {
    expect(ours).toBe(spec);
  });

  it('a message that adds information starts with the spec’s sentence', () => {
    const enrolled = ATTENDANCE_MESSAGES.defaultEnrolled(3, 'Computer Science Engineering', 'Third');
    expect(enrolled.startsWith(`${USER_MESSAGES.profileUpdated} `)).toBe(true);
    expect(enrolled).toBe(
      'Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering, Third semester — change them on Attendance',
    );
  });
});
