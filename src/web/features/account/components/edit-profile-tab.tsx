import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, type KeyboardEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import { GENDERS } from '#domain/constants.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type EditProfileForm, type EditProfileFormInput, editProfileFormSchema } from '#domain/users/user.schemas.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Select } from '#web/components/ui/field.tsx';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { useEditProfile } from '../api/edit-profile.ts';
import { SectionCard } from './section-card.tsx';

function defaultsOf(user: SessionUser): EditProfileFormInput {
  return { userName: user.userName, email: user.email, phoneNumber: user.phoneNumber ?? '', gender: user.gender ?? '' };
}

/** Keys that would change a text box's value (the e-mail box says why it will not). */
function isEditingKey(event: KeyboardEvent) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete';
}

function warnEmailLocked(event?: KeyboardEvent | ClipboardEvent | DragEvent) {
  if (event && 'key' in event && !isEditingKey(event)) return;
  event?.preventDefault();
  // One toast however many keys are pressed.
  toast.warning(validationMessages.emailCannotChange, { id: 'email-cannot-change' });
}

/** Edit Profile tab (spec 2 and 5): username, read-only e-mail, phone, gender. */
export function EditProfileTab() {
  const id = useId();
  const user = useCurrentUser();
  const save = useEditProfile(user._id);
  const form = useForm<EditProfileFormInput, unknown, EditProfileForm>({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: defaultsOf(user),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const onValid = ({ userName, phoneNumber, gender }: EditProfileForm) =>
    save.mutate(
      { userName, phoneNumber: phoneNumber ?? '', gender, email: user.email },
      {
        onSuccess: (answer) => {
          toast.success(answer.msg || profileMessages.updated);
          form.reset(defaultsOf(answer.user));
        },
        onError: (error) => toast.error(messageOf(error, profileMessages.updateFailed)),
      },
    );

  const fieldProps = (name: 'userName' | 'phoneNumber' | 'gender') => ({
    id: `${id}-${name}`,
    ...form.register(name),
  });

  return (
    <SectionCard title="Edit Profile">
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="max-w-md space-y-4">
        <Field id={`${id}-userName`} label="Username" error={errors.userName?.message}>
          <Input autoComplete="nickname" {...fieldProps('userName')} />
        </Field>
        <Field id={`${id}-email`} label="E-mail" hint="Your institute e-mail identifies your account and cannot be changed.">
          <div className="relative">
            <Input
              id={`${id}-email`}
              type="email"
              readOnly
              aria-readonly="true"
              aria-describedby={`${id}-email-hint`}
              value={user.email}
              onKeyDown={warnEmailLocked}
              onPaste={warnEmailLocked}
              onCut={warnEmailLocked}
              onDrop={warnEmailLocked}
              className="cursor-not-allowed bg-slate-50 pr-10 text-slate-700"
            />
            <Lock
              className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
          </div>
        </Field>
        <Field id={`${id}-phoneNumber`} label="Phone number" error={errors.phoneNumber?.message}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="Optional, e.g. 98765 43210"
            {...fieldProps('phoneNumber')}
          />
        </Field>
        <Field id={`${id}-gender`} label="Gender" error={errors.gender?.message}>
          <Select {...fieldProps('gender')}>
            <option value="">Select gender</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" busy={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </SectionCard>
  );
}
