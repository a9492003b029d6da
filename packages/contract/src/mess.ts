/**
 * The mess menu contract (docs/mess.md): messes with the hostels they serve and their meal times,
 * the menu of today and of a week, and the administrators' mess form. Dates are `yyyy-MM-dd` and
 * times `HH:mm` in the institute's time zone; instants are ISO 8601.
 */
import { z } from 'zod';
import { apiPage, apiSuccess, paginationQuery } from './envelope.ts';
import { choice, isoDate, optionalField, requiredText, textInput } from './fields.ts';
import {
  MESS_COMMENT_MAX,
  MESS_DIETS,
  MESS_DISH_MAX,
  MESS_DISHES_MAX,
  MESS_MANAGERS_MAX,
  MESS_HOSTELS_MAX,
  MESS_MEALS,
  MESS_MEAL_STATES,
  MESS_MESSAGES as M,
  MESS_NAME_MAX,
  MESS_NOTICE_MAX,
} from './mess-ui.ts';

export * from './mess-ui.ts';

/** `HH:mm`, 24-hour. */
const clock = z.preprocess(
  textInput,
  z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid),
);

/** One meal of a mess and its times (`HH:mm`, end after start). */
export const mealSlot = z.object({
  meal: choice(MESS_MEALS, { required: M.mealInvalid, invalid: M.mealInvalid }),
  start: clock,
  end: clock,
});
export type MealSlot = z.infer<typeof mealSlot>;

/**
 * POST /api/mess and PUT /api/mess/:id (administrators): the name, the hostels it serves (names
 * from the institute config, checked by the API) and its meals, each at most once, not
 * overlapping; answered in serving order.
 */
export const messBody = z.object({
  name: requiredText(MESS_NAME_MAX, { required: M.nameRequired, tooLong: M.nameTooLong }),
  hostels: z
    .array(z.string({ error: M.hostelsInvalid }).trim().min(1, M.hostelsInvalid).max(100, M.hostelsInvalid), {
      error: M.hostelsInvalid,
    })
    .max(MESS_HOSTELS_MAX, M.hostelsInvalid),
  meals: z
    .array(mealSlot, { error: M.mealsRequired })
    .min(1, M.mealsRequired)
    .max(MESS_MEALS.length, M.mealRepeated)
    .superRefine((meals, ctx) => {
      if (new Set(meals.map((m) => m.meal)).size !== meals.length)
        ctx.addIssue({ code: 'custom', message: M.mealRepeated });
      else if (meals.some((m) => m.end <= m.start)) ctx.addIssue({ code: 'custom', message: M.endBeforeStart });
      else {
        const sorted = [...meals].sort((a, b) => a.start.localeCompare(b.start));
        if (sorted.some((m, i) => i > 0 && m.start < sorted[i - 1]!.end))
          ctx.addIssue({ code: 'custom', message: M.mealsOverlap });
      }
    }),
});
export type MessBody = z.infer<typeof messBody>;

/** A mess as listed: `mine` when it is the viewer's mess, `canManage` when they may edit it. */
export const mess = z.object({
  id: z.string(),
  name: z.string(),
  hostels: z.array(z.string()),
  meals: z.array(z.object({ meal: z.enum(MESS_MEALS), start: z.string(), end: z.string() })),
  mine: z.boolean(),
  /** The viewer may edit its menu and read its feedback (an administrator, or one of its managers). */
  canManage: z.boolean(),
  /** Its managers (listed to administrators only; empty for anyone else). */
  managers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type Mess = z.infer<typeof mess>;
export const messList = apiSuccess(z.array(mess));
export const messResponse = apiSuccess(mess);

/** A dish of the menu and its diet mark. */
export const dish = z.object({ name: z.string(), diet: z.enum(MESS_DIETS) });
export type Dish = z.infer<typeof dish>;

/** An average of stars (one decimal; null without ratings) and how many ratings it is over. */
export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** The mess named in an answer. */
export const messRef = z.object({ id: z.string(), name: z.string() });

/**
 * One meal of today: its times (`HH:mm`) and instants, where it stands now, its dishes (each with
 * its 30-day average), today's average of the meal and the viewer's own rating.
 */
export const todayMeal = z.object({
  meal: z.enum(MESS_MEALS),
  start: z.string(),
  end: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(MESS_MEAL_STATES),
  dishes: z.array(dish.extend({ rating: ratingSummary })),
  rating: ratingSummary,
  myRating: z.object({ stars: z.number().int(), comment: z.string().nullable() }).nullable(),
});
export type TodayMeal = z.infer<typeof todayMeal>;

/** A notice of a mess's managers to its students, for the day it was posted. */
export const messNotice = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type MessNotice = z.infer<typeof messNotice>;

/**
 * GET /api/mess/today: the mess (null when the student has none: no hostel served and no choice),
 * today's date, whether the mess is closed today (and the day's note), today's meals in order and
 * today's notices, newest first.
 */
export const messToday = z.object({
  mess: messRef.nullable(),
  date: z.string(),
  closed: z.boolean(),
  note: z.string().nullable(),
  meals: z.array(todayMeal),
  notices: z.array(messNotice),
});
export type MessToday = z.infer<typeof messToday>;
export const messTodayResponse = apiSuccess(messToday);

/** GET /api/mess/today query: `mess`, another mess than the student's own. */
export const messTodayQuery = z.object({ mess: optionalField(z.uuid({ error: M.messUnknown })) });

/** GET /api/mess/:id/week query: `from`, the first of the 7 days (default today). */
export const messWeekQuery = z.object({ from: optionalField(isoDate(M.dateInvalid)) });

/** One day of a week's menu. */
export const messDay = z.object({
  date: z.string(),
  /** ISO weekday, 1 = Monday. */
  weekday: z.number().int(),
  closed: z.boolean(),
  note: z.string().nullable(),
  meals: z.array(z.object({ meal: z.enum(MESS_MEALS), start: z.string(), end: z.string(), dishes: z.array(dish) })),
});
export type MessDay = z.infer<typeof messDay>;

/** GET /api/mess/:id/week: 7 days from `from`. */
export const messWeek = z.object({ mess: messRef, from: z.string(), days: z.array(messDay) });
export type MessWeek = z.infer<typeof messWeek>;
export const messWeekResponse = apiSuccess(messWeek);

/** POST /api/mess/:id/notices (its managers, administrators): a same-day notice to its students. */
export const messNoticeBody = z.object({
  text: requiredText(MESS_NOTICE_MAX, { required: M.noticeRequired, tooLong: M.noticeTooLong }),
});
export type MessNoticeBody = z.infer<typeof messNoticeBody>;
/** The notice posted and how many students it was sent to. */
export const messNoticeResponse = apiSuccess(messNotice.extend({ recipients: z.number().int() }));

/** PUT /api/mess/mine: the mess the student eats at (remembered for them). */
export const myMessBody = z.object({ mess: z.uuid({ error: M.messUnknown }) });
export type MyMessBody = z.infer<typeof myMessBody>;
export const myMessResponse = apiSuccess(z.object({ mess: z.string() }));

/**
 * PUT /api/mess/ratings: a student's stars (1–5) and optional comment for a meal of a mess on a
 * day; one per student, mess, day and meal (sending again changes it).
 */
export const rateMealBody = z.object({
  mess: z.uuid({ error: M.messUnknown }),
  date: isoDate(M.dateInvalid),
  meal: choice(MESS_MEALS, { required: M.mealInvalid, invalid: M.mealInvalid }),
  stars: z.number({ error: M.starsInvalid }).int(M.starsInvalid).min(1, M.starsInvalid).max(5, M.starsInvalid),
  comment: optionalField(z.string().max(MESS_COMMENT_MAX, M.commentTooLong)),
});
export type RateMealBody = z.infer<typeof rateMealBody>;
export const rateMealResponse = apiSuccess(
  z.object({ date: z.string(), meal: z.enum(MESS_MEALS), stars: z.number().int(), comment: z.string().nullable() }),
);

/** GET /api/mess/:id/feedback: the averages by day and meal of the last 4 weeks, newest day first. */
export const messFeedback = z.object({
  mess: messRef,
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      meals: z.array(z.object({ meal: z.enum(MESS_MEALS), average: z.number(), count: z.number().int() })),
    }),
  ),
});
export type MessFeedback = z.infer<typeof messFeedback>;
export const messFeedbackResponse = apiSuccess(messFeedback);

/** A comment as the feedback page lists it (no name: the committee reads what, not who). */
export const messComment = z.object({
  id: z.string(),
  date: z.string(),
  meal: z.enum(MESS_MEALS),
  stars: z.number().int(),
  comment: z.string(),
  updatedAt: z.string(),
});
export type MessComment = z.infer<typeof messComment>;
/** GET /api/mess/:id/feedback/comments: the comments, newest first, in pages. */
export const messCommentsQuery = paginationQuery;
export const messCommentList = apiPage(messComment);

/** PUT /api/mess/:id/managers (administrators): the managers' e-mail addresses (the whole set). */
export const messManagersBody = z.object({
  emails: z
    .array(z.string({ error: M.managersInvalid }).trim().toLowerCase().max(200, M.managersInvalid), {
      error: M.managersInvalid,
    })
    .max(MESS_MANAGERS_MAX, M.managersInvalid),
});
export type MessManagersBody = z.infer<typeof messManagersBody>;

/** POST /api/mess/:id/menu/import query: `dryRun` for the preview; `validFrom` (default today). */
export const menuImportQuery = z.object({
  dryRun: optionalField(z.enum(['true', 'false'], { error: 'dryRun is true or false.' })),
  validFrom: optionalField(isoDate(M.dateInvalid)),
});

/** A week of menus as sent and previewed: each ISO weekday's meals and their dishes. */
export const weekEntries = z.array(
  z.object({
    day: z.number().int().min(1).max(7),
    meal: z.enum(MESS_MEALS),
    dishes: z.array(dish),
  }),
);
export type WeekEntries = z.infer<typeof weekEntries>;

/**
 * The import's answer: the week read from the file (a preview when `dryRun`), and every bad row
 * with its line number and reason (a dry run answers them with 200; an import with any answers 400
 * and stores nothing).
 */
export const menuImport = z.object({
  dryRun: z.boolean(),
  validFrom: z.string(),
  week: weekEntries,
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type MenuImport = z.infer<typeof menuImport>;
export const menuImportResponse = apiSuccess(menuImport);

/** PUT /api/mess/:id/menu: the weekly cycle from `validFrom` (replaces a cycle of that date). */
export const menuBody = z.object({
  validFrom: isoDate(M.dateInvalid),
  week: z
    .array(
      z.object({
        day: z.number({ error: M.dayInvalid }).int(M.dayInvalid).min(1, M.dayInvalid).max(7, M.dayInvalid),
        meal: choice(MESS_MEALS, { required: M.mealInvalid, invalid: M.mealInvalid }),
        dishes: z
          .array(
            z.object({
              name: requiredText(MESS_DISH_MAX, { required: M.dishRequired, tooLong: M.dishRequired }),
              diet: choice(MESS_DIETS, { required: M.dietInvalid, invalid: M.dietInvalid }),
            }),
          )
          .min(1, M.dishRequired)
          .max(MESS_DISHES_MAX, M.dishRequired),
      }),
    )
    .max(7 * MESS_MEALS.length, M.mealRepeated),
});
export type MenuBody = z.infer<typeof menuBody>;

/** PUT /api/mess/:id/days/:date params: the mess and the day (`yyyy-MM-dd`; 400 for a bad date). */
export const messDayParams = z.object({
  id: z.uuid({ error: M.notFound }),
  date: z.iso.date({ error: M.dateInvalid }),
});

/**
 * PUT /api/mess/:id/days/:date: a one-day override — the mess closed, a note ("Diwali special
 * dinner"), and meals whose dishes replace the cycle's that day (the others follow the cycle).
 */
export const messDayBody = z.object({
  closed: z.boolean({ error: 'closed is true or false.' }),
  note: optionalField(z.string().trim().max(200, M.noteTooLong)),
  meals: menuBody.shape.week.element.omit({ day: true }).array().max(MESS_MEALS.length, M.mealRepeated).optional(),
});
export type MessDayBody = z.infer<typeof messDayBody>;
