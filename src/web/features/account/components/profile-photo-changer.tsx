import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { ImageCropper } from '#web/components/image-crop/image-cropper.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { useChangeProfilePhoto } from '../api/change-profile-photo.ts';

/** 'Change photo': pick a picture, crop it round and square as at registration, upload it at once. */
export function ProfilePhotoChanger() {
  const user = useCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const upload = useChangeProfilePhoto(user._id);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return void toast.error(validationMessages.onlyImages);
    setChosen(file);
  };

  const onCropped = (photo: File) =>
    upload.mutate(photo, {
      onSuccess: (answer) => {
        toast.success(answer.msg || profileMessages.photoUpdated);
        setChosen(null);
      },
      onError: (error) => toast.error(messageOf(error, profileMessages.photoUpdateFailed)),
    });

  return (
    <>
      {/* The button opens this picker; the input itself stays out of the tab order. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Choose a new profile photo"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" busy={upload.isPending} onClick={() => input.current?.click()}>
        <Camera className="h-4 w-4" aria-hidden="true" />
        Change photo
      </Button>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => !open && !upload.isPending && setChosen(null)}
        title="Crop your photo"
        description="Drag to position it and zoom to fit the circle."
      >
        {chosen && (
          <div
            aria-busy={upload.isPending || undefined}
            className={upload.isPending ? 'pointer-events-none opacity-60' : undefined}
          >
            <ImageCropper file={chosen} onCropped={onCropped} onCancel={() => setChosen(null)} />
          </div>
        )}
      </Dialog>
    </>
  );
}
