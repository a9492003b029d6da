/**
 * Edit a user (docs/design.md §8: the admin card's Edit works): name, branch, semester and hostel from the
 * institute lists, and the admin role. Errors from the server appear under their field or in an
 * error box (for example the refusal to demote oneself or an ADMIN_EMAILS administrator).
 */
import { useState, type FormEvent } from 'react';
import { ADMIN_ROLE } from '@campus/contract/users-ui';
import type { AdminUpdateUserBody } from '@campus/contract/admin';
import type { PublicUser } from '@campus/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { toApiError } from '../../../lib/api';
import { useInstitute } from '../../../lib/institute-api';
import { useUpdateUserMutation } from '../admin-api';

export interface EditUserModalProps {
  user: PublicUser;
  isSelf: boolean;
  onClose: () => void;
}

export function EditUserModal({ user, isSelf, onClose }: EditUserModalProps) {
  const institute = useInstitute();
  const [update, { isLoading }] = useUpdateUserMutation();
  const [values, setValues] = useState({
    name: user.name ?? '',
    branch: user.branch ?? '',
    semester: user.semester ?? '',
    hostel: user.hostel ?? '',
    admin: user.roles.includes(ADMIN_ROLE),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body: AdminUpdateUserBody = {
      ...(values.name.trim() ? { name: values.name.trim() } : {}),
      ...(values.branch ? { branch: values.branch } : {}),
      ...(values.semester ? { semester: values.semester } : {}),
      ...(values.hostel ? { hostel: values.hostel } : {}),
      roles: values.admin ? [ADMIN_ROLE] : [],
    };
    try {
      await update({ id: user.id, body }).unwrap(); // toasts "User updated." (admin-api.ts)
      onClose();
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.errors) setErrors(apiError.errors);
      else setError(apiError.message);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Edit ${user.name || user.email}`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Input label="Name" value={values.name} onChange={set('name')} maxLength={100} error={errors.name} />
        {(
          [
            ['branch', 'Branch', institute.branches],
            ['semester', 'Semester', institute.semesters],
            ['hostel', 'Hostel', institute.hostels],
          ] as const
        ).map(([key, label, options]) => (
          <Select
            key={key}
            label={label}
            options={options}
            placeholder={`Select ${label.toLowerCase()}`}
            value={values[key]}
            onChange={set(key)}
            error={errors[key]}
          />
        ))}
        <Checkbox
          className="flex"
          label={
            <>
              Administrator
              {isSelf ? <span className="text-muted">(you cannot remove your own admin role)</span> : null}
            </>
          }
          checked={values.admin}
          disabled={isSelf && values.admin}
          onChange={(e) => setValues((v) => ({ ...v, admin: e.target.checked }))}
        />
        {errors.roles ? <p className="text-sm text-danger">{errors.roles}</p> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
