/**
 * /forgot-password: asks for the institute e-mail and POSTs /api/users/forgot-password. The reply
 * is always 200 and its message never says whether the account exists.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { toApiError } from '../../../lib/api';
import { useForgotPasswordMutation } from '../users-api';

/** The contract's e-mail body, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const emailSchema = lazyZodResolver(() => import('@campus/contract/users').then((m) => m.emailOnlyBody));

export default function ForgotPasswordPage() {
  usePreloadWhenIdle(emailSchema);
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: emailSchema.resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const reply = await forgot(values).unwrap();
      setSent(reply.message || USER_MESSAGES.resetSent);
    } catch (err) {
      setError(toApiError(err).message);
    }
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Forgot password" subtitle="We'll e-mail you a link to choose a new password." />
      <Card>
        {sent ? (
          <Alert tone="success">{sent}</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" {...emailSchema.intent}>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Input
              label="Institute email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" className="w-full" loading={isLoading}>
              Send reset link
            </Button>
          </form>
        )}
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="text-accent underline">
            Back to login
          </Link>
        </p>
      </Card>
    </div>
  );
}
