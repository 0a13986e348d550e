import { messages } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import {
  cancelAllQuestion,
  choiceLabel,
  DEFAULT_CHOICE,
  isPostOnlyRefusal,
  TIME_IN_FORCE_OPTIONS,
  wireTimeInForce,
} from './time-in-force';

describe("the order form's advanced choice", () => {
  it('sends good till cancelled when nothing was opened', () => {
    expect(wireTimeInForce(DEFAULT_CHOICE)).toBe('gtc');
    expect(choiceLabel(DEFAULT_CHOICE)).toBe('Good till cancelled');
  });

  it('sends the picked time in force, named as the form names it', () => {
    expect(wireTimeInForce({ timeInForce: 'ioc', postOnly: false })).toBe('ioc');
    expect(wireTimeInForce({ timeInForce: 'fok', postOnly: false })).toBe('fok');
    expect(choiceLabel({ timeInForce: 'fok', postOnly: false })).toBe('Fill or kill');
  });

  it('sends post only whatever time in force is beside it', () => {
    expect(wireTimeInForce({ timeInForce: 'ioc', postOnly: true })).toBe('post_only');
    expect(choiceLabel({ timeInForce: 'gtc', postOnly: true })).toBe('Post only');
  });

  it('offers three times in force, each with one sentence', () => {
    expect(TIME_IN_FORCE_OPTIONS.map((option) => option.value)).toEqual(['gtc', 'ioc', 'fok']);
    for (const option of TIME_IN_FORCE_OPTIONS) expect(option.help).toMatch(/^[A-Z][^.]*\.$/);
  });

  it("recognises the server's post-only refusal only", () => {
    expect(isPostOnlyRefusal(messages.postOnlyWouldTake)).toBe(true);
    expect(isPostOnlyRefusal(messages.orderPlaced)).toBe(false);
  });

  it('asks how many orders Cancel all will cancel, on a market or everywhere', () => {
    expect(cancelAllQuestion(2, 'BTC-USDT')).toBe('Cancel all 2 open orders on BTC-USDT ?');
    expect(cancelAllQuestion(3, null)).toBe('Cancel all 3 open orders on every market ?');
    expect(cancelAllQuestion(1, null)).toBe('Cancel all 1 open order on every market ?');
  });
});
