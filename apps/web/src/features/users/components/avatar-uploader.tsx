/**
 * Profile photo with a "Change photo" button (docs/design.md §6): large photos are downscaled in the browser
 * (≤ 1600 px JPEG) and uploaded to POST /api/users/avatar; the button shows the step while busy
 * ("Preparing photo...", "Uploading..."). 413 → "Image size should be less than 5MB"; other
 * failures show the server's message.
 */
import { useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@campus/contract/files';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import { Button } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api';
import { prepareImageForUpload } from '../../../lib/image';
import { DEFAULT_AVATAR } from '../../../lib/avatar';
import { useUploadAvatarMutation } from '../users-api';

type Step = 'idle' | 'preparing' | 'uploading';

export interface AvatarUploaderProps {
  avatar: string | null;
  name: string;
}

export function AvatarUploader({ avatar, name }: AvatarUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('idle');
  const [upload] = useUploadAvatarMutation();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setStep('preparing');
      const prepared = await prepareImageForUpload(file);
      if (prepared.size >= MAX_UPLOAD_BYTES) {
        toast.error(FILE_MESSAGES.tooLarge);
        return;
      }
      setStep('uploading');
      await upload(prepared).unwrap();
      toast.success(USER_MESSAGES.avatarUpdated);
    } catch (err) {
      const apiError = toApiError(err);
      toast.error(apiError.status === 413 ? FILE_MESSAGES.tooLarge : apiError.message);
    } finally {
      setStep('idle');
      if (input.current) input.current.value = '';
    }
  };

  const busy = step !== 'idle';
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <img
          src={avatar ?? DEFAULT_AVATAR}
          alt={`Profile photo of ${name}`}
          width={112}
          height={112}
          className="h-28 w-28 rounded-full border border-line object-cover"
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
          }}
        />
        {busy ? <div aria-hidden="true" className="absolute inset-0 animate-pulse rounded-full bg-black/30" /> : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        {!busy ? <Camera aria-hidden="true" size={16} /> : null}
        {step === 'preparing' ? 'Preparing photo...' : step === 'uploading' ? 'Uploading...' : 'Change photo'}
      </Button>
    </div>
  );
}
