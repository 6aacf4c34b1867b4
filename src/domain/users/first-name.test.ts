import { describe, expect, it } from 'vitest';
import { firstNameOf } from './first-name.ts';

describe('firstNameOf', () => {
  it.each([
    ['meera', 'Meera'],
    ['meera.k', 'Meera'],
    ['raj_kumar', 'Raj'],
    ['Asha Verma', 'Asha'],
    ['  priya  ', 'Priya'],
    ['_ravi.s', 'Ravi'],
    ['cs21b042', 'Cs21b042'],
    ['anne-marie.d', 'Anne-marie'],
    ['', ''],
    ['...', ''],
  ])('turns %j into %j', (userName, expected) => {
    expect(firstNameOf(userName)).toBe(expected);
  });
});
