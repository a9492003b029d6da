/**
 * Login tab (docs/product-spec.md §2, §4, §5, §8): email + password (show/hide), client messages "Please enter your
 * email." / "Please enter your password.", the server errors of docs/product-spec.md §8 (shown by the page from
 * `auth.error`), "Resend link" after a 403 "verify first", and "Forgot password?". On success:
 * "Welcome back!" toast for 1.5 s and, after ~1.8 s, the page the user came from or "/".
 * Typed input is kept on every error.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { AUTH_UI } from '@campus/contract/users-ui';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toApiError } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/store';
import { loginOrigin, redirectTarget } from '../../../lib/login-redirect';
import { DELETION_MESSAGES } from '@campus/contract/privacy-ui';
import { useKeepAccountMutation, useLoginMutation } from '../users-api';
import { isVerifyFirst } from '../auth-errors';
import { redirectDone } from '../../../lib/auth-slice';
import { ResendLink } from './resend-link';

/** Toast duration and redirect delay after login, in ms (docs/product-spec.md §2, §9). */
export const LOGIN_TOAST_MS = 1500;
export const LOGIN_REDIRECT_MS = 1800;

/** The contract's login body, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const loginSchema = lazyZodResolver(() => import('@campus/contract/users').then((m) => m.loginBody));

export interface LoginFormProps {
  defaultEmail?: string;
}

export function LoginForm({ defaultEmail = '' }: LoginFormProps) {
  usePreloadWhenIdle(loginSchema);
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // A closed account waiting for erasure: its sign-in, kept to restore it ("Keep my account").
  const [closed, setClosed] = useState<{ email: string; password: string } | null>(null);
  const [keepAccount, keeping] = useKeepAccountMutation();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: loginSchema.resolver, defaultValues: { email: defaultEmail, password: '' } });

  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        window.clearTimeout(timer.current);
        dispatch(redirectDone());
      }
    },
    [dispatch],
  );

  const onSubmit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    setClosed(null);
    try {
      const data = await login(values).unwrap();
      if (!data?.user) return; // the slice shows "Login failed: Invalid response from server."
      toast.success(AUTH_UI.loginToast, { autoClose: LOGIN_TOAST_MS });
      setRedirecting(true);
      const target = redirectTarget(loginOrigin(location));
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        navigate(target, { replace: true });
        dispatch(redirectDone());
      }, LOGIN_REDIRECT_MS);
    } catch (err) {
      const failure = toApiError(err);
      if (isVerifyFirst(failure)) setUnverifiedEmail(values.email);
      if (failure.errors?.erasure) setClosed(values);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" {...loginSchema.intent}>
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {unverifiedEmail ? (
        <p className="text-sm text-muted">
          Didn't get the e-mail? <ResendLink email={unverifiedEmail} />
        </p>
      ) : null}
      {closed ? (
        <Button
          variant="secondary"
          className="w-full"
          loading={keeping.isLoading}
          onClick={async () => {
            const kept = await keepAccount(closed);
            if ('error' in kept) return void toast.error(toApiError(kept.error).message);
            toast.success(DELETION_MESSAGES.kept);
            await onSubmit();
          }}
        >
          Keep my account
        </Button>
      ) : null}
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm text-accent underline hover:text-accent-hover">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" loading={isLoading || redirecting}>
        Log in
      </Button>
    </form>
  );
}
