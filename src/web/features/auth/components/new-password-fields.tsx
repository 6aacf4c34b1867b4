import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { validationMessages } from '#domain/validation.messages.ts';
import { Field } from '#web/components/ui/field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';

interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirm: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
}

/** A new password and its confirmation, sharing one show/hide toggle (register and reset). */
export function NewPasswordFields({ idPrefix, labels, password, confirm, errors }: NewPasswordFieldsProps) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <Field id={`${idPrefix}-password`} label={labels.password} error={errors.password} hint={validationMessages.passwordHint}>
        <PasswordInput autoComplete="new-password" visible={visible} onVisibleChange={setVisible} {...password} />
      </Field>
      <Field id={`${idPrefix}-confirm-password`} label={labels.confirm} error={errors.confirm}>
        <PasswordInput autoComplete="new-password" visible={visible} onVisibleChange={setVisible} {...confirm} />
      </Field>
    </>
  );
}
