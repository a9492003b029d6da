/**
 * The Edit and Delete buttons of a listing its owner or an admin may change. With `name`, each
 * button's accessible name says which item ("Edit Casio calculator").
 */
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

export interface EditDeleteButtonsProps {
  onEdit: () => void;
  onDelete: () => void;
  name?: string;
}

export function EditDeleteButtons({ onEdit, onDelete, name }: EditDeleteButtonsProps) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={name ? `Edit ${name}` : undefined}>
        <Pencil aria-hidden="true" size={16} />
        Edit
      </Button>
      <Button variant="danger" size="sm" onClick={onDelete} aria-label={name ? `Delete ${name}` : undefined}>
        <Trash2 aria-hidden="true" size={16} />
        Delete
      </Button>
    </>
  );
}
