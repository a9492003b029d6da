/**
 * Change password: current + new password → POST /api/users/change-password. A wrong
 * current password (400 `errors.currentPassword`) shows under that field; success toasts the
 * server's message (other sessions are signed out) and clears the form.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { PASSWORD_MIN, USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { useChangePasswordMutation } from '../users-api';

/** The contract's change-password body, fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
const changePasswordSchema = lazyZodResolver(() => import('@campus/contract/users').then((m) => m.changePasswordBody));

export function ChangePasswordForm() {
  usePreloadWhenIdle(changePasswordSchema);
  const [change, { isLoading }] = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm({ resolver: changePasswordSchema.resolver, defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const reply = await change(values).unwrap();
      toast.success(reply.message || USER_MESSAGES.passwordChanged);
      reset();
    } catch (err) {
      const apiError = toApiError(err);
      const fields = ['currentPassword', 'newPassword'] as const;
      const shown = showFieldErrors(apiError, fields, (field, message) => setFieldError(field, { message }));
      if (!shown) setError(apiError.message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Change password"
      {...changePasswordSchema.intent}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Input
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Button type="submit" loading={isLoading}>
        Change password
      </Button>
    </form>
  );
}
