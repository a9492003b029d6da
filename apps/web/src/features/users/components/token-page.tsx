/**
 * The frame of a mailed-link page (`/verify-email`, `/signin-link`, `/reset-password`; docs/design.md
 * §5, docs/security.md): reads `?token=` from the URL, never acts on the GET, and shows one of — what
 * to do without a token, the page's form, the success once its call worked, or the link's problem
 * (unknown, used or expired) instead of the form. The page supplies each part; its form calls
 * `send` with the request, which passes the token and records the outcome.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { toApiError, type ApiError } from '../../../lib/api';

/**
 * Runs `call` with the link's token. Success shows `done` with the server's message, else
 * `fallback`; a failure goes to `onError`, which returns the message to show as the link's problem
 * (in place of the form) or nothing when the form shows it itself (a field error, an alert).
 */
export type TokenSend = (
  call: (token: string) => Promise<{ message: string }>,
  fallback: string,
  onError: (error: ApiError) => string | void,
) => Promise<void>;

export interface TokenPageProps {
  /** The page's heading. */
  title: string;
  /** What shows when the URL has no token. */
  missing: ReactNode;
  /** What shows once the call worked, given its message. */
  done: (message: string) => ReactNode;
  /** What shows instead of the form when the link is unusable, given the server's message. */
  problem?: (message: string) => ReactNode;
  /** The page's form, given `send`. */
  children: (send: TokenSend) => ReactNode;
}

export function TokenPage({ title, missing, done, problem, children }: TokenPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [problemMessage, setProblemMessage] = useState<string | null>(null);

  const send: TokenSend = async (call, fallback, onError) => {
    try {
      const reply = await call(token);
      setDoneMessage(reply.message || fallback);
    } catch (err) {
      const message = onError(toApiError(err));
      if (message !== undefined) setProblemMessage(message);
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={title} />
      <Card>
        {!token
          ? missing
          : doneMessage
            ? done(doneMessage)
            : problemMessage && problem
              ? problem(problemMessage)
              : children(send)}
      </Card>
    </div>
  );
}
