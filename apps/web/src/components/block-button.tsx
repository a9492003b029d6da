/**
 * The "Block" action on a card, a request or a profile (docs/privacy.md "Block"): asks first, then
 * blocks the student. Neither is told; the blocker stops seeing their listings, items and rides,
 * and they can no longer reach the blocker. Renders nothing for the viewer's own content. Shared
 * by every feature (no feature import).
 */
import { useState } from 'react';
import { Ban } from 'lucide-react';
import { useBlockMutation } from '../lib/blocks-api';
import { useAppSelector } from '../lib/store';
import { Button } from './ui/button';
import { ConfirmModal } from './ui/confirm-modal';

export interface BlockButtonProps {
  /** The student to block. */
  userId: string;
  /** Their name as shown, if any. */
  name: string | null;
}

export function BlockButton({ userId, name }: BlockButtonProps) {
  const me = useAppSelector((s) => s.auth.user);
  const [open, setOpen] = useState(false);
  const [block, { isLoading }] = useBlockMutation();
  if (!me || me.id === userId) return null;
  const who = name || 'this student';
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Block ${who}`}>
        <Ban aria-hidden="true" size={16} />
        Block
      </Button>
      <ConfirmModal
        open={open}
        onOpenChange={setOpen}
        title={`Block ${who}?`}
        description="You will no longer see their listings, items and rides, and they cannot contact you or join your rides. They are not told. You can unblock them from your profile."
        confirmLabel="Block"
        busy={isLoading}
        onConfirm={async () => {
          const result = await block({ userId, name: who });
          if ('data' in result) setOpen(false);
        }}
      />
    </>
  );
}
