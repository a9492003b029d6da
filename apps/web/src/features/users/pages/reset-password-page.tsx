/**
 * /reset-password?token=…: new password (+ confirmation) → POST /api/users/reset-password.
 * 200 → success with a link to log in; 400 invalid / 410 used or expired → the server's message
 * and a link to request a new one; field errors shown under the field.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PASSWORD_MIN, USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useResetPasswordMutation } from '../users-api';
import { TokenPage, type TokenSend } from '../components/token-page';

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

/** The new password and its confirmation; a refusal shows above the fields, and under one when it names it. */
function ResetForm({ send }: { send: TokenSend }) {
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [error, setError] = useState<{ message: string; expired: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm({ resolver: formSchema.resolver, defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    await send(
      (token) => reset({ token, password }).unwrap(),
      USER_MESSAGES.passwordReset,
      (apiError) => {
        if (apiError.errors?.password) setFieldError('password', { message: apiError.errors.password });
        setError({
          message: apiError.message,
          expired: apiError.status === 410 || (apiError.status === 400 && !apiError.errors),
        });
      },
    );
  });

  return (
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
  );
}

export default function ResetPasswordPage() {
  usePreloadWhenIdle(formSchema);
  return (
    <TokenPage
      title="Choose a new password"
      missing={
        <div className="space-y-4">
          <Alert tone="error">{USER_MESSAGES.tokenInvalid}</Alert>
          <Link to="/forgot-password" className={buttonClasses('secondary')}>
            Request a new link
          </Link>
        </div>
      }
      done={(message) => (
        <div className="space-y-4">
          <Alert tone="success">{message}</Alert>
          <Link to="/login" className={buttonClasses()}>
            Go to login
          </Link>
        </div>
      )}
    >
      {(send) => <ResetForm send={send} />}
    </TokenPage>
  );
}
