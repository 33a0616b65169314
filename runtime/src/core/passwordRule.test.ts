import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwordRule';

describe('password rule', () => {
  it('needs 8 characters, 3 kinds of characters and not the user name', () => {
    expect(passwordProblem('Ab#1', 'x')).toBe('password.tooShort');
    expect(passwordProblem('abcdefgh1', 'x')).toBe('password.classes');
    expect(passwordProblem('Buyer01#x', 'buyer01')).toBe('password.containsUserName');
    expect(passwordProblem('Meridian#2027', 'buyer01')).toBeNull();
    expect(passwordProblem('meridian#2027', 'buyer01')).toBeNull();
    expect(passwordProblem('x'.repeat(129) + 'A1', '')).toBe('password.tooLong');
  });
});
