import { describe, expect, it } from 'vitest';
import { resultLabel, resultSentence, resultVerb } from '../../../src/store/resultText.ts';

describe('resultLabel: the row naming what a frame hands back', () => {
  it('tells a return, a yield and a raise apart, in both languages', () => {
    expect(resultLabel('en', 'return')).toBe('return value');
    expect(resultLabel('en', 'yield')).toBe('yielded value');
    expect(resultLabel('en', 'exception')).toBe('raised');
    expect(resultLabel('en', 'unwind')).toBe('raised');
    expect(resultLabel('zh', 'return')).toBe('返回值');
    expect(resultLabel('zh', 'yield')).toBe('yield 出的值');
    expect(resultLabel('zh', 'exception')).toBe('抛出');
  });
});

describe('resultVerb: the row in the diagram, short enough for a phone', () => {
  it('is the verb of the text version, in both languages', () => {
    expect(
      ['return', 'yield', 'exception', 'unwind'].map((k) => resultVerb('en', k as never)),
    ).toEqual(['returns', 'yields', 'raises', 'raises']);
    expect(resultVerb('zh', 'return')).toBe('返回');
    expect(resultVerb('zh', 'yield')).toBe('yield 出');
    expect(resultVerb('zh', 'exception')).toBe('抛出');
  });
});

describe('resultSentence: the row in the diagram’s text version', () => {
  it('names the object handed back by its id', () => {
    expect(resultSentence('en', 'return', 4, '')).toBe('returns object #4');
    expect(resultSentence('en', 'yield', 4, '')).toBe('yields object #4');
    expect(resultSentence('en', 'exception', 7, '')).toBe('raises object #7');
    expect(resultSentence('zh', 'yield', 4, '')).toBe('yield 出对象 #4');
  });

  it('writes an atom inline', () => {
    expect(resultSentence('en', 'return', undefined, 'None')).toBe('returns None');
    expect(resultSentence('en', 'yield', undefined, '5')).toBe('yields 5');
    expect(resultSentence('zh', 'return', undefined, '5')).toBe('返回 5');
    expect(resultSentence('en', 'exception', undefined, 'ValueError()')).toBe(
      'raises ValueError()',
    );
  });
});
