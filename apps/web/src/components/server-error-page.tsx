/**
 * 500 page (docs/product-spec.md §2): "System Glitched!", Retry Connection (reloads the page) and Go to Dashboard.
 * Also rendered by the error boundaries, possibly outside the router, so it uses plain anchors.
 */
import { ServerCrash } from 'lucide-react';
import { Button, buttonClasses } from './ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ServerErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <ServerCrash aria-hidden="true" size={48} className="text-danger" />
      <p className="text-5xl font-bold text-muted">500</p>
      <h1 className="text-2xl font-bold text-fg">System Glitched!</h1>
      <p className="text-muted">Something went wrong on our side. Please try again.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Retry Connection</Button>
        <a href="/" className={buttonClasses('secondary')}>
          Go to Dashboard
        </a>
      </div>
    </div>
  );
}
