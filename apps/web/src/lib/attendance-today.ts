/**
 * Today's classes of the signed-in student (`GET /api/attendance/today`,
 * docs/attendance-outlook.md), shared by the attendance page and the home dashboard. Marks and
 * changes to the week invalidate its tags, so both follow a tap at once.
 */
import type { AttendanceToday } from '@campus/contract/attendance';
import { api } from './api';

const withTags = api.enhanceEndpoints({ addTagTypes: ['AttendanceRecord', 'AttendanceTimetable'] });

export const attendanceTodayApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    attendanceToday: build.query<AttendanceToday, void>({
      query: () => 'attendance/today',
      providesTags: ['AttendanceRecord', 'AttendanceTimetable'],
    }),
  }),
});

export const { useAttendanceTodayQuery } = attendanceTodayApi;
