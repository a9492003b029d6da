/**
 * The profile form's success toast: the server's message — the default
 * enrolment's on the first save of a branch and semester, "Profile updated successfully!" otherwise.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { ATTENDANCE_MESSAGES } from '@campus/contract/attendance';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { json, stubFetch } from '../../../test/http';
import { makeUser, renderApp } from '../../../test/render';
import { ProfileForm } from './profile-form';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

/** Renders the form for a student without branch and semester; the API answers `message`. */
function renderWith(message: string) {
  const before = makeUser({ branch: null, semester: null });
  const sent: unknown[] = [];
  stubFetch(async ({ req, path }) => {
    if (path === '/api/users/update' && req.method === 'PUT') {
      const body = (await req.json()) as Record<string, string>;
      sent.push(body);
      const user = { ...before, ...body };
      return json(200, { success: true, message, data: { user, roles: user.roles } });
    }
    return json(404, { success: false, message: 'Not found' });
  });
  const onDone = vi.fn();
  renderApp(<ProfileForm user={before} onDone={onDone} />, {
    auth: { status: 'authenticated', user: before, roles: before.roles },
  });
  return { sent, onDone };
}

async function saveBranchAndSemester() {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Branch'), 'Computer Science Engineering');
  await user.selectOptions(screen.getByLabelText('Semester'), 'Third');
  await user.click(screen.getByRole('button', { name: 'Save Profile' }));
}

describe('the profile form', () => {
  it('shows the default enrolment’s message when the save enrolled the student', async () => {
    const message = ATTENDANCE_MESSAGES.defaultEnrolled(3, 'Computer Science Engineering', 'Third');
    const { sent, onDone } = renderWith(message);
    await saveBranchAndSemester();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ branch: 'Computer Science Engineering', semester: 'Third' })]);
    expect(toast.success).toHaveBeenCalledWith(message, expect.anything());
    expect(message).toBe(
      'Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering, Third semester — change them on Attendance',
    );
  });

  it('shows "Profile updated successfully!" otherwise', async () => {
    const { onDone } = renderWith(USER_MESSAGES.profileUpdated);
    await saveBranchAndSemester();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(USER_MESSAGES.profileUpdated, expect.anything());
  });
});
