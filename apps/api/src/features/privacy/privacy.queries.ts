/**
 * The areas of a student's data, declared once (docs/privacy.md, docs/decisions/0800-data-rights-areas.md):
 * each feature that keeps personal data contributes one {@link DataArea} — its file in the data
 * download, what the README says of it, and the rows of one student. A kind of record students
 * publish contributes its area through {@link kindArea}, which reads the kind's own table and owner
 * column (`src/record-kinds.ts`). A new feature adds its entry to {@link DATA_AREAS}, or its name to
 * {@link FEATURES_WITHOUT_PERSONAL_DATA}; `privacy.areas.test.ts` names a feature folder that is in
 * neither.
 *
 * An area gives a student's own rows, and of another student at most what this student was shown
 * (a name) — never another student's e-mail address or phone number.
 */
import { and, asc, eq, getTableColumns, gt, inArray, or, sql } from 'drizzle-orm';
import { RIDE_MESSAGES, rideRoute } from '@campus/contract/rides';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { alerts } from '../../db/schema/alerts.ts';
import {
  attendanceRecords,
  attendanceTargets,
  classChanges,
  enrollments,
  subjects,
} from '../../db/schema/attendance.ts';
import { calendarFeeds, clubFollows, clubs, eventRsvps, events } from '../../db/schema/events.ts';
import { files } from '../../db/schema/files.ts';
import { messChoices, messes, messNotices, messRatings } from '../../db/schema/mess.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { pushOptOuts, pushSubscriptions } from '../../db/schema/push.ts';
import { reports } from '../../db/schema/reports.ts';
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import { skillRequests, skills, userSkills } from '../../db/schema/skill-exchange.ts';
import { users } from '../../db/schema/users.ts';
import type { AnyRecordKind } from '../../lib/record-kinds.ts';
import { alias } from 'drizzle-orm/pg-core';
import { userBlocks } from '../../db/schema/privacy.ts';
import { RECORD_KINDS } from '../../record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';

/** One area of a student's data (see the module comment). */
export interface DataArea {
  /** The feature folder (`src/features/<feature>`) whose data it is. */
  feature: string;
  /** Its file in the download (`listings.json`). */
  file: string;
  /** What the file holds, one line of README.txt. */
  about: string;
  /** The record kind it exports, when it is a kind's area ({@link kindArea}). */
  kind?: string;
  /** The student's rows of this area, as JSON values. */
  rows: (db: Db, userId: string) => Promise<unknown>;
  /**
   * What closing the account does to this area besides hiding it (docs/privacy.md "Delete my
   * account"), inside the closing transaction (`ctx.db`). Hiding itself is the account's
   * `deactivated_at`, which every kind's visibility reads; keeping the account clears it.
   */
  close?: (ctx: ServiceContext, userId: string) => Promise<void>;
}

/** The features that keep no personal data of a student (their folder names). */
export const FEATURES_WITHOUT_PERSONAL_DATA: readonly string[] = [
  'admin', // acts on users' rows; its audit lives with reports and attendance
  'files', // a record's photo: exported as `photos/` with the records
  'institute', // the institute's own settings
  'internships', // shared search results, no user column
  'places', // the institute's directory; its audit rows name the administrator only
  'search', // reads the kinds' tables, keeps nothing
  'transport', // the institute's routes and timetables; audit rows as places'
];

/** The one row a student's profile is, without the password hash. */
async function profile(db: Db, userId: string) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the hash never leaves the server
  const { passwordHash, ...shown } = getTableColumns(users);
  const [row] = await db.select(shown).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** A kind's columns without the database's search document. */
function kindColumns(kind: AnyRecordKind) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- derived by the database
  const { searchVector, ...shown } = getTableColumns(kind.table) as Record<string, never>;
  return shown;
}

/**
 * The area of a kind of record students publish: every record the student owns in `kind`'s table
 * (hidden and removed ones too), all its columns but the search document, in `<kind>.json`.
 */
export function kindArea(feature: string, kind: AnyRecordKind): DataArea {
  return {
    feature,
    kind: kind.kind,
    file: `${kind.kind}.json`,
    about: `Your ${kind.path.slice(1).replace('-', ' & ')} records (${kind.kind}), with the names of their photos in photos/.`,
    rows: (db, userId) =>
      db.select(kindColumns(kind)).from(kind.table).where(eq(kind.owner, userId)).orderBy(asc(kind.table.createdAt)),
  };
}

/** The feature folder of a kind: its page's path without the slash (`/rides` → `rides`). */
const featureOfKind = (kind: AnyRecordKind) => kind.path.slice(1);

const other = alias(users, 'other_user');

/** A departure as the institute says it (`Mon, 1 Dec, 10:00`). */
const localWhen = (ctx: ServiceContext, at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ctx.config.institute.timezone,
  }).format(at);

/**
 * Closing rides: the riders of the student's upcoming rides are told the ride is cancelled and
 * leave it; the student's seats in others' upcoming rides are released.
 */
async function closeRides(ctx: ServiceContext, userId: string): Promise<void> {
  const upcoming = gt(rides.departureAt, sql`now()`);
  const riders = await ctx.db
    .select({ rideId: rides.id, riderId: rideParticipants.userId, ride: rides })
    .from(rideParticipants)
    .innerJoin(rides, eq(rides.id, rideParticipants.rideId))
    .where(and(eq(rides.userId, userId), upcoming));
  for (const r of riders)
    await notify(ctx, r.riderId, {
      message: RIDE_MESSAGES.noticeDeleted(rideRoute(r.ride), localWhen(ctx, r.ride.departureAt)),
      type: 'alert',
      link: '/rides',
      push: 'rides',
    });
  if (riders.length) {
    await ctx.db.delete(rideParticipants).where(
      inArray(
        rideParticipants.rideId,
        riders.map((r) => r.rideId),
      ),
    );
    await ctx.db
      .update(rides)
      .set({ availableSeats: rides.totalSeats })
      .where(and(eq(rides.userId, userId), upcoming));
  }
  const held = await ctx.db
    .delete(rideParticipants)
    .where(
      and(
        eq(rideParticipants.userId, userId),
        inArray(rideParticipants.rideId, ctx.db.select({ id: rides.id }).from(rides).where(upcoming)),
      ),
    )
    .returning({ rideId: rideParticipants.rideId });
  if (held.length)
    await ctx.db
      .update(rides)
      .set({ availableSeats: sql`${rides.availableSeats} + 1` })
      .where(
        inArray(
          rides.id,
          held.map((h) => h.rideId),
        ),
      );
}

/** Every area of a student's data, in the download's order. */
export const DATA_AREAS: readonly DataArea[] = [
  {
    feature: 'users',
    file: 'profile.json',
    about: 'Your profile: name, e-mail address, branch, semester, hostel, roll number, roles, dates.',
    rows: profile,
  },
  ...RECORD_KINDS.map((kind) => kindArea(featureOfKind(kind), kind)),
  {
    feature: 'rides',
    file: 'rides-joined.json',
    close: closeRides,
    about: 'The rides of others you joined: route, departure and when you joined (not the driver’s phone).',
    rows: (db, userId) =>
      db
        .select({
          rideId: rides.id,
          pickupLocation: rides.pickupLocation,
          dropLocation: rides.dropLocation,
          departureAt: rides.departureAt,
          offeredBy: users.name,
          joinedAt: rideParticipants.joinedAt,
        })
        .from(rideParticipants)
        .innerJoin(rides, eq(rides.id, rideParticipants.rideId))
        .innerJoin(users, eq(users.id, rides.userId))
        .where(eq(rideParticipants.userId, userId))
        .orderBy(asc(rideParticipants.joinedAt)),
  },
  {
    feature: 'attendance',
    file: 'attendance.json',
    about: 'Your subjects, attendance marks, your attendance target and the class changes you noted.',
    rows: async (db, userId) => ({
      subjects: await db
        .select({ code: subjects.code, name: subjects.name, enrolledAt: enrollments.createdAt })
        .from(enrollments)
        .innerJoin(subjects, eq(subjects.id, enrollments.subjectId))
        .where(eq(enrollments.userId, userId)),
      marks: await db
        .select({
          subjectId: attendanceRecords.subjectId,
          date: attendanceRecords.date,
          status: attendanceRecords.status,
          markedAt: attendanceRecords.markedAt,
        })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.userId, userId))
        .orderBy(asc(attendanceRecords.date)),
      target: (await db.select().from(attendanceTargets).where(eq(attendanceTargets.userId, userId)))[0] ?? null,
      classChanges: await db.select().from(classChanges).where(eq(classChanges.userId, userId)),
    }),
  },
  {
    feature: 'skill-exchange',
    file: 'skills.json',
    // Pending requests, sent or received, are withdrawn.
    close: async (ctx, userId) => {
      await ctx.db
        .update(skillRequests)
        .set({ status: 'cancelled', respondedAt: sql`now()` })
        .where(
          and(
            eq(skillRequests.status, 'pending'),
            or(eq(skillRequests.senderId, userId), eq(skillRequests.recipientId, userId)),
          ),
        );
    },
    about:
      'Your skill profile (what you teach and want to learn) and the skill requests you sent and received; of the other student only the name.',
    rows: async (db, userId) => ({
      skills: await db
        .select({ skill: skills.name, type: userSkills.type, addedAt: userSkills.createdAt })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(eq(userSkills.userId, userId)),
      requests: (
        await db
          .select({
            id: skillRequests.id,
            senderId: skillRequests.senderId,
            otherName: other.name,
            skill: skills.name,
            message: skillRequests.message,
            senderPhone: skillRequests.senderPhone,
            recipientPhone: skillRequests.recipientPhone,
            status: skillRequests.status,
            respondedAt: skillRequests.respondedAt,
            createdAt: skillRequests.createdAt,
          })
          .from(skillRequests)
          .innerJoin(skills, eq(skills.id, skillRequests.skillId))
          .innerJoin(
            other,
            or(
              and(eq(skillRequests.senderId, userId), eq(other.id, skillRequests.recipientId)),
              and(eq(skillRequests.recipientId, userId), eq(other.id, skillRequests.senderId)),
            ),
          )
          .orderBy(asc(skillRequests.createdAt))
      ).map(({ senderId, senderPhone, recipientPhone, ...r }) => {
        const sent = senderId === userId;
        // Only the student's own phone: never the other student's.
        return { ...r, direction: sent ? 'sent' : 'received', yourPhone: sent ? senderPhone : recipientPhone };
      }),
    }),
  },
  {
    feature: 'mess',
    file: 'mess.json',
    about: 'The mess you chose, your meal ratings with their comments, and the notices you posted as a mess manager.',
    rows: async (db, userId) => ({
      chosen:
        (
          await db
            .select({ mess: messes.name, chosenAt: messChoices.updatedAt })
            .from(messChoices)
            .innerJoin(messes, eq(messes.id, messChoices.messId))
            .where(eq(messChoices.userId, userId))
        )[0] ?? null,
      ratings: await db
        .select({
          mess: messes.name,
          date: messRatings.date,
          meal: messRatings.meal,
          stars: messRatings.stars,
          comment: messRatings.comment,
          ratedAt: messRatings.updatedAt,
        })
        .from(messRatings)
        .innerJoin(messes, eq(messes.id, messRatings.messId))
        .where(eq(messRatings.userId, userId))
        .orderBy(asc(messRatings.date)),
      noticesPosted: await db
        .select({ mess: messes.name, date: messNotices.date, text: messNotices.text, postedAt: messNotices.createdAt })
        .from(messNotices)
        .innerJoin(messes, eq(messes.id, messNotices.messId))
        .where(eq(messNotices.postedBy, userId))
        .orderBy(asc(messNotices.createdAt)),
    }),
  },
  {
    feature: 'events',
    file: 'events-joined.json',
    about: 'The events you answered Going or Interested, the clubs you follow, and your calendar feed’s options.',
    rows: async (db, userId) => ({
      answers: await db
        .select({ event: events.title, startsAt: events.startsAt, answer: eventRsvps.status, at: eventRsvps.updatedAt })
        .from(eventRsvps)
        .innerJoin(events, eq(events.id, eventRsvps.eventId))
        .where(eq(eventRsvps.userId, userId))
        .orderBy(asc(events.startsAt)),
      following: await db
        .select({ club: clubs.name, since: clubFollows.createdAt })
        .from(clubFollows)
        .innerJoin(clubs, eq(clubs.id, clubFollows.clubId))
        .where(eq(clubFollows.userId, userId)),
      calendarFeed: await db
        .select({ includeClasses: calendarFeeds.includeClasses, includeRides: calendarFeeds.includeRides })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId)),
    }),
  },
  {
    feature: 'alerts',
    file: 'alerts.json',
    about: 'Your saved alerts and their filters.',
    rows: (db, userId) => db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(asc(alerts.createdAt)),
  },
  {
    feature: 'notifications',
    file: 'notifications.json',
    about: 'The notifications you received.',
    rows: (db, userId) =>
      db
        .select({
          id: notifications.id,
          message: notifications.message,
          type: notifications.type,
          link: notifications.link,
          isRead: notifications.isRead,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),
  },
  {
    feature: 'reports',
    file: 'reports.json',
    about: 'The reports you filed about listings, items, rides or students.',
    rows: (db, userId) =>
      db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt)),
  },
  {
    feature: 'push',
    file: 'push-devices.json',
    about: 'The devices you turned push notifications on for (without their keys) and the kinds you turned off.',
    rows: async (db, userId) => ({
      devices: await db
        .select({
          id: pushSubscriptions.id,
          createdAt: pushSubscriptions.createdAt,
          lastUsedAt: pushSubscriptions.lastUsedAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId)),
      turnedOff: (await db.select().from(pushOptOuts).where(eq(pushOptOuts.userId, userId))).map((r) => r.category),
    }),
  },
  {
    feature: 'privacy',
    file: 'blocked.json',
    about: 'The students you blocked (their names) and when.',
    rows: (db, userId) =>
      db
        .select({ name: users.name, blockedAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId)),
  },
];

/**
 * The kinds whose closed records (outside their browse rule: a listing sold or expired, a lost &
 * found item returned) the retention job erases RETENTION_DAYS after their last change
 * (docs/privacy.md "Retention"); rides are not among them.
 */
export const RETAINED_KINDS: readonly AnyRecordKind[] = RECORD_KINDS.filter((kind) =>
  (['listing', 'lost-found'] as string[]).includes(kind.kind),
);

/** The photos a student uploaded (avatar and record photos): id and content type, oldest first. */
export function photosOf(db: Db, userId: string) {
  return db
    .select({ id: files.id, contentType: files.contentType, createdAt: files.createdAt })
    .from(files)
    .where(eq(files.ownerId, userId))
    .orderBy(asc(files.createdAt));
}
