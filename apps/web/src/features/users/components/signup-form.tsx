/**
 * Sign Up tab (docs/product-spec.md §2, §5, §8; docs/design.md §5): institute email (hint name.rollno@<domain>, 8-digit
 * roll number) and password. Server field errors are shown under their fields, the summary by the
 * page; a link to the privacy notice (/privacy). On success: toast "Account created! You can now log in." and `onSignedUp(email)`.
 */
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { AUTH_UI, PASSWORD_MIN } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toApiError } from '../../../lib/api';
import { useInstitute } from '../../../lib/institute-api';
import { useSignupMutation } from '../users-api';

/** The contract's sign-up body, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const signupSchema = lazyZodResolver(() => import('@campus/contract/users').then((m) => m.signupBody));

export interface SignupFormProps {
  onSignedUp: (email: string) => void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  usePreloadWhenIdle(signupSchema);
  const { emailDomain } = useInstitute();
  const [signup, { isLoading }] = useSignupMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: signupSchema.resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signup(values).unwrap();
      toast.success(AUTH_UI.signupToast);
      onSignedUp(values.email);
    } catch (err) {
      const fieldErrors = toApiError(err).errors ?? {};
      for (const field of ['email', 'password'] as const) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" {...signupSchema.intent}>
      <Input
        label="Institute email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={`name.rollno@${emailDomain}`}
        hint={
          <>
            Use your institute email: <span className="font-medium text-fg">name.rollno@{emailDomain}</span>, where
            rollno is your 8-digit roll number.
          </>
        }
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-sm text-muted">
        What we keep about you and your rights:{' '}
        <Link to="/privacy" className="font-medium text-accent underline">
          privacy notice
        </Link>
        .
      </p>
      <Button type="submit" className="w-full" loading={isLoading}>
        Create account
      </Button>
    </form>
  );
}
