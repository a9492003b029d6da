/**
 * The success panel of a mailed-link page (`/verify-email`, `/signin-link`): a check mark, the
 * server's message and a Continue button to the home page.
 */
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';

/** Shows `message` as the outcome of a link that worked, with Continue to `/`. */
export function LinkDone({ message }: { message: string }) {
  return (
    <div className="space-y-4 text-center">
      <CheckCircle2 aria-hidden="true" size={40} className="mx-auto text-success" />
      <Alert tone="success">{message}</Alert>
      <Link to="/" className={buttonClasses()}>
        Continue
      </Link>
    </div>
  );
}
