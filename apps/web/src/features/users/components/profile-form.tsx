/**
 * Edit-profile form (docs/product-spec.md §2, §4, §5): name and the institute's branch / semester / hostel lists,
 * validated with the contract's `updateProfileBody`. Save Profile → PUT /api/users/update (empty
 * selects are not sent); server field errors appear under their fields, other failures in an error
 * box. Cancel restores the saved values. Success: the server's message as a toast (3 s): "Profile
 * updated successfully!", on the first save of a branch and semester followed by "You were enrolled
 * in 6 subjects for … — change them on Attendance".
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import type { PublicUser, UpdateProfileBody, updateProfileBody } from '@campus/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { useInstitute } from '../../../lib/institute-api';
import { useUpdateProfileMutation } from '../users-api';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';

/** Profile toast duration in ms (docs/product-spec.md §9). */
export const PROFILE_TOAST_MS = 3000;

/** The contract's profile body, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const profileSchema = lazyZodResolver(() => import('@campus/contract/users').then((m) => m.updateProfileBody));

const FIELDS = ['name', 'branch', 'semester', 'hostel'] as const;
type FormValues = z.input<typeof updateProfileBody>;

function valuesOf(user: PublicUser): FormValues {
  return { name: user.name ?? '', branch: user.branch ?? '', semester: user.semester ?? '', hostel: user.hostel ?? '' };
}

export interface ProfileFormProps {
  user: PublicUser;
  onDone: () => void;
}

export function ProfileForm({ user, onDone }: ProfileFormProps) {
  usePreloadWhenIdle(profileSchema);
  const institute = useInstitute();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm<FormValues, unknown, UpdateProfileBody>({
    resolver: profileSchema.resolver,
    defaultValues: valuesOf(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const body: UpdateProfileBody = {};
    for (const field of FIELDS) {
      const value = values[field];
      if (value !== undefined && value !== '') body[field] = value;
    }
    try {
      const saved = await update(body).unwrap();
      // The server's message: the default enrolment's when this save enrolled the student.
      toast.success(saved.message || USER_MESSAGES.profileUpdated, { autoClose: PROFILE_TOAST_MS });
      onDone();
    } catch (err) {
      const apiError = toApiError(err);
      showFieldErrors(apiError, FIELDS, (field, message) => setFieldError(field, { message }));
      setError(apiError.message);
    }
  });

  const cancel = () => {
    reset(valuesOf(user));
    setError(null);
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit profile" {...profileSchema.intent}>
      {error ? (
        <Alert tone="error" title={AUTH_UI.updateFailed}>
          {error}
        </Alert>
      ) : null}
      <Input label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Branch"
          placeholder="Select branch"
          options={institute.branches}
          error={errors.branch?.message}
          {...register('branch')}
        />
        <Select
          label="Semester"
          placeholder="Select semester"
          options={institute.semesters}
          error={errors.semester?.message}
          {...register('semester')}
        />
      </div>
      <Select
        label="Hostel"
        placeholder="Select hostel"
        options={institute.hostels}
        error={errors.hostel?.message}
        {...register('hostel')}
      />
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" loading={isLoading}>
          Save Profile
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={isLoading}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
