import { type FormEvent, useRef, useState } from 'react';
import type { LoginBody } from '#domain/users/user.schemas.ts';

const FIELDS = ['email', 'password'] as const;
type LoginField = (typeof FIELDS)[number];
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The domain's login schema, fetched with the validation library (zod) when the form is first
 * touched or submitted rather than with the page: the login page is the first screen of most
 * visits and should carry only what draws it.
 */
const loadLoginSchema = () => import('#domain/users/user.schemas.ts').then((module) => module.loginBodySchema);

function valuesOf(form: HTMLFormElement): Record<LoginField, string> {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

async function check(form: HTMLFormElement): Promise<{ credentials?: LoginBody; errors: LoginErrors }> {
  const result = (await loadLoginSchema()).safeParse(valuesOf(form));
  if (result.success) return { credentials: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The login form's state, as react-hook-form kept it for the other forms: validated with the
 * domain schema on submit (the first invalid field takes the focus), then again on every change
 * until it is sent; `onValid` receives the schema's output. Its fields are uncontrolled inputs
 * named `email` and `password`.
 */
export function useLoginForm(onValid: (credentials: LoginBody) => void) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const result = await check(form);
    setErrors(result.errors);
    if (result.credentials) return onValid(result.credentials);
    const firstInvalid = FIELDS.find((field) => result.errors[field]);
    const input = firstInvalid && form.elements.namedItem(firstInvalid);
    if (input instanceof HTMLInputElement) input.focus();
  };

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    setErrors((await check(event.currentTarget)).errors);
  };

  return {
    errors,
    formProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onChange: (event: FormEvent<HTMLFormElement>) => void onChange(event),
      // Fetched ahead as soon as the form is used, so submitting does not wait for it.
      onFocus: () => void loadLoginSchema(),
      noValidate: true,
    },
  };
}
