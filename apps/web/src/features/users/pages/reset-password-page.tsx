/**
 * /reset-password?token=…: new password (+ confirmation) → POST /api/users/reset-password.
 * 200 → success with a link to log in; 400 invalid / 410 used or expired → the server's message
 * and a link to request a new one; field errors shown under the field.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN, USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { toApiError } from '../../../lib/api';
import { useResetPasswordMutation } from '../users-api';

/** Shown when the confirmation differs (UI-only). */
export const PASSWORDS_DIFFER = 'Passwords do not match.';

/** The password rule and its confirmation, fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
const formSchema = lazyZodResolver(async () => {
  const [{ z }, { resetPasswordBody }] = await Promise.all([import('zod'), import('@campus/contract/users')]);
  return resetPasswordBody
    .pick({ password: true })
    .extend({ confirm: z.string() })
    .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ['confirm'] });
});

export default function ResetPasswordPage() {
  usePreloadWhenIdle(formSchema);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm({ resolver: formSchema.resolver, defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const reply = await reset({ token, password }).unwrap();
      setDone(reply.message || USER_MESSAGES.passwordReset);
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.errors?.password) setFieldError('password', { message: apiError.errors.password });
      setError({
        message: apiError.message,
        expired: apiError.status === 410 || (apiError.status === 400 && !apiError.errors),
      });
    }
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Choose a new password" />
      <Card>
        {!token ? (
          <div className="space-y-4">
            <Alert tone="error">{USER_MESSAGES.tokenInvalid}</Alert>
            <Link to="/forgot-password" className={buttonClasses('secondary')}>
              Request a new link
            </Link>
          </div>
        ) : done ? (
          <div className="space-y-4">
            <Alert tone="success">{done}</Alert>
            <Link to="/login" className={buttonClasses()}>
              Go to login
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" {...formSchema.intent}>
            {error ? (
              <Alert tone="error">
                {error.message}
                {error.expired ? (
                  <>
                    {' '}
                    <Link to="/forgot-password" className="underline">
                      Request a new link
                    </Link>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <Input
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN} characters.`}
              error={errors.password?.message}
              {...register('password')}
            />
            <Input
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirm?.message}
              {...register('confirm')}
            />
            <Button type="submit" className="w-full" loading={isLoading}>
              Reset password
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
