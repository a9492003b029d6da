/**
 * 404 page (docs/product-spec.md §2): "Oops! You've hit a dead end." with a Return to Dashboard link; rendered on
 * the server it answers with status 404.
 */
import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClasses } from './ui/button';
import { useDocumentTitle } from '../lib/use-document-title';
import { useServerStatus } from '../lib/ssr';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  useServerStatus(404);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <Compass aria-hidden="true" size={48} className="text-accent" />
      <p className="text-5xl font-bold text-muted">404</p>
      <h1 className="text-2xl font-bold text-fg">Oops! You've hit a dead end.</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses()}>
        Return to Dashboard
      </Link>
    </div>
  );
}
