import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password';

describe('passwordProblems', () => {
  it('accepts the demo password', () => expect(passwordProblems('Demo#2026')).toEqual([]));
  it('names each missing rule', () => {
    expect(passwordProblems('short')).toEqual(['min', 'capital', 'number', 'special']);
    expect(passwordProblems('longenough1!')).toEqual(['capital']);
    expect(passwordProblems('Longenough!')).toEqual(['number']);
    expect(passwordProblems('Longenough1')).toEqual(['special']);
  });
  it('counts characters, not bytes', () => expect(passwordProblems('Ñandú#12')).toEqual([]));
});
