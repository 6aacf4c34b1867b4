/**
 * The "first name" shown in headings such as "{first name}'s Uploads" (spec 2). A userName is
 * derived from the e-mail's local part (spec 3), so names look like "meera.k", "raj_kumar" or
 * "Asha Verma": the first name is the text before the first space, dot or underscore, with its
 * first letter capitalised. Leading separators are skipped.
 */
export function firstNameOf(userName: string): string {
  const trimmed = userName.trim();
  const first = trimmed.split(/[\s._]+/).find((part) => part.length > 0) ?? '';
  if (!first) return '';
  return first.charAt(0).toLocaleUpperCase('en-IN') + first.slice(1);
}
