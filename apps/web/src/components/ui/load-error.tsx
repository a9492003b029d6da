/** A failed load (docs/product-spec.md §8): the error's message under `title`, and a Retry button. */
import type { ReactNode } from 'react';
import { toApiError } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';

export interface LoadErrorProps {
  title: ReactNode;
  error: unknown;
  onRetry: () => void;
}

export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert tone="error" title={title}>
      <p>{toApiError(error).message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
